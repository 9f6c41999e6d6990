import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { PRIVATE_MODE_MESSAGES } from '../private-mode-messages.ts';
import { PrivateKeyError } from './account-key.ts';
import { recoveryKeyFromWords, recoveryWordsOf, splitRecoveryWords } from './recovery-key.ts';

const bytes = (fill: (index: number) => number) =>
  Uint8Array.from({ length: 32 }, (_, index) => fill(index)) as Uint8Array<ArrayBuffer>;

describe('recovery key words', () => {
  it('is laid out as BIP-39 lays out 256 bits (its published test vectors)', async () => {
    // Trezor's BIP-39 vectors for 256-bit entropy: the same list, the same checksum, the same words.
    expect((await recoveryWordsOf(bytes(() => 0))).join(' ')).toBe(`${'abandon '.repeat(23)}art`);
    expect((await recoveryWordsOf(bytes(() => 0x7f))).join(' ')).toBe(
      'legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth useful legal winner thank year wave sausage worth title',
    );
    expect((await recoveryWordsOf(bytes(() => 0xff))).join(' ')).toBe(`${'zoo '.repeat(23)}vote`);
  });

  it('round-trips random keys', async () => {
    for (let i = 0; i < 50; i++) {
      const key = crypto.getRandomValues(new Uint8Array(32));
      const words = await recoveryWordsOf(key);
      expect(words).toHaveLength(24);
      for (const word of words) expect(wordlist).toContain(word);
      expect(await recoveryKeyFromWords(words.join(' '))).toEqual(key);
    }
  });

  it('reads the words as a person types or pastes them: case, numbers, commas, new lines, first four letters', async () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const words = await recoveryWordsOf(key);
    const printed = words.map((word, index) => `${index + 1}. ${word.toUpperCase()}`).join('\n');
    expect(await recoveryKeyFromWords(printed)).toEqual(key);
    expect(await recoveryKeyFromWords(words.join(', '))).toEqual(key);
    expect(await recoveryKeyFromWords(words.map((word) => word.slice(0, 4)).join(' '))).toEqual(key);
    expect(splitRecoveryWords('  1) Abandon,\tability\n')).toEqual(['abandon', 'ability']);
  });

  it('says how many words were entered when there are not 24', async () => {
    const words = await recoveryWordsOf(bytes(() => 1));
    const error = await recoveryKeyFromWords(words.slice(0, 23).join(' ')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrivateKeyError);
    expect((error as PrivateKeyError).code).toBe('RECOVERY_WORDS_INVALID');
    expect((error as PrivateKeyError).message).toBe('A recovery key is 24 words; you entered 23.');
    await expect(recoveryKeyFromWords('')).rejects.toThrow(PRIVATE_MODE_MESSAGES.recoveryWordCount(0));
  });

  it('names the first word that is not in the list, and its place', async () => {
    const words = await recoveryWordsOf(bytes(() => 2));
    words[4] = 'daybook';
    await expect(recoveryKeyFromWords(words.join(' '))).rejects.toThrow(
      '"daybook" (word 5) is not a recovery key word. Check its spelling.',
    );
    // Three letters are not enough to name a word.
    words[4] = 'aba';
    await expect(recoveryKeyFromWords(words.join(' '))).rejects.toThrow('"aba" (word 5)');
  });

  it('catches a wrong word or two swapped words by the checksum', async () => {
    const words = await recoveryWordsOf(bytes((index) => index * 7));
    const swapped = [...words];
    [swapped[3], swapped[10]] = [swapped[10] as string, swapped[3] as string];
    await expect(recoveryKeyFromWords(swapped.join(' '))).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.recoveryChecksum,
    );
    // The last word carries the checksum's 8 bits: any other last word with the same first 3 bits fails.
    const last = wordlist.indexOf(words[23] as string);
    const wrongLast = [...words.slice(0, 23), wordlist[last ^ 1] as string];
    await expect(recoveryKeyFromWords(wrongLast.join(' '))).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.recoveryChecksum,
    );
  });
});
