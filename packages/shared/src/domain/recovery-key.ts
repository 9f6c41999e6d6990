import { wordlist } from '@scure/bip39/wordlists/english.js';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { PRIVATE_MODE_MESSAGES } from '../private-mode-messages.ts';
import { PrivateKeyError } from './account-key.ts';

/**
 * The recovery key as 24 words (ADR 089), laid out as BIP-39 lays out 256 bits: the key's bits, then the first
 * byte of its SHA-256 as a checksum, read in groups of 11 bits, each naming a word of BIP-39's English list (2048
 * words, taken from @scure/bip39, whose first four letters are never shared). A mistyped or swapped word fails the
 * checksum before any key is tried. The words are the key itself, not a seed: no PBKDF2 as wallets use.
 */

const WORD_BITS = 11;
const KEY_BYTES = PRIVATE_MODE.accountKeyBytes;
const indexOfWord = new Map(wordlist.map((word, index) => [word, index]));
const indexOfPrefix = new Map(wordlist.map((word, index) => [word.slice(0, 4), index]));

async function checksumByte(key: Uint8Array<ArrayBuffer>): Promise<number> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', key))[0] ?? 0;
}

/** 32 bytes as 24 words separated by single spaces. */
export async function recoveryWordsOf(key: Uint8Array<ArrayBuffer>): Promise<string[]> {
  if (key.length !== KEY_BYTES) throw new Error(`A recovery key is ${KEY_BYTES} bytes`);
  const bytes = [...key, await checksumByte(key)];
  const words: string[] = [];
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= WORD_BITS) {
      bits -= WORD_BITS;
      words.push(wordlist[(buffer >> bits) & 0x7ff] as string);
    }
    buffer &= (1 << bits) - 1;
  }
  return words;
}

/** The words as typed or pasted: any case, spaces, commas, new lines or the numbers of a printed list between them. */
export function splitRecoveryWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0);
}

/**
 * The 32 bytes back from 24 words. A word may be written whole or by its first four letters (unique in the list).
 * Throws with the word count, the first unknown word and its place, or a failed checksum.
 */
export async function recoveryKeyFromWords(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const words = splitRecoveryWords(text);
  if (words.length !== PRIVATE_MODE.recoveryWords)
    throw new PrivateKeyError(
      'RECOVERY_WORDS_INVALID',
      PRIVATE_MODE_MESSAGES.recoveryWordCount(words.length),
    );
  const indices = words.map((word, position) => {
    const index = indexOfWord.get(word) ?? (word.length === 4 ? indexOfPrefix.get(word) : undefined);
    if (index === undefined)
      throw new PrivateKeyError(
        'RECOVERY_WORDS_INVALID',
        PRIVATE_MODE_MESSAGES.recoveryWordUnknown(word, position + 1),
      );
    return index;
  });
  const bytes = new Uint8Array(KEY_BYTES + 1);
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const index of indices) {
    buffer = (buffer << WORD_BITS) | index;
    bits += WORD_BITS;
    while (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
    buffer &= (1 << bits) - 1;
  }
  const key = bytes.slice(0, KEY_BYTES);
  if ((await checksumByte(key)) !== bytes[KEY_BYTES])
    throw new PrivateKeyError('RECOVERY_WORDS_INVALID', PRIVATE_MODE_MESSAGES.recoveryChecksum);
  return key;
}
