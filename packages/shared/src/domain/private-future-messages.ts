import { FUTURE_MESSAGE_LIMITS } from '../constants.ts';
import { type EntryKey, fromBase64, type Sealed, toBase64 } from './crypto.ts';

/**
 * Version-2 letters to the future self (private mode, ADR 098): subject and message sealed in the browser under the
 * letter key derived from the account key (`deriveFutureMessageKeyV2`, its own HKDF label), AES-256-GCM with a fresh
 * 12-byte IV, stored as version 1 stores them (ciphertext and IV as base64). Each ciphertext's associated data names
 * its field and the account, so a subject moved into the message, or a letter moved to another account, fails as a
 * wrong key does. The server never holds this key.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type FutureMessageFieldV2 = 'subject' | 'message';

/** `daybook/future-message/v2|<field>|<user id>`: what each version-2 letter ciphertext is bound to. */
export const futureMessageAadV2 = (field: FutureMessageFieldV2, userId: string) =>
  encoder.encode(`daybook/future-message/v2|${field}|${userId}`);

export async function sealFutureMessageFieldV2(
  key: EntryKey,
  userId: string,
  field: FutureMessageFieldV2,
  text: string,
): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: futureMessageAadV2(field, userId) },
    key,
    encoder.encode(text),
  );
  return { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) };
}

/** Throws when the field was sealed under another key, for another account or as the other field. */
export async function openFutureMessageFieldV2(
  key: EntryKey,
  userId: string,
  field: FutureMessageFieldV2,
  sealed: Sealed,
): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: futureMessageAadV2(field, userId) },
    key,
    fromBase64(sealed.ciphertext),
  );
  return decoder.decode(plain);
}

/**
 * The longest base64 ciphertext a field within its character limit can seal to: a UTF-16 unit is at most 3 bytes
 * of UTF-8 (a surrogate pair, 2 units, is 4), plus the 16-byte tag. What the server, which cannot read a version-2
 * letter, can still hold it to.
 */
const sealedCharsFor = (maxChars: number) => Math.ceil((maxChars * 3 + TAG_BYTES) / 3) * 4;
export const SEALED_FUTURE_MESSAGE_MAX_CHARS = {
  subject: sealedCharsFor(FUTURE_MESSAGE_LIMITS.subjectMaxChars),
  message: sealedCharsFor(FUTURE_MESSAGE_LIMITS.messageMaxChars),
} as const;

/** Whether a base64 ciphertext sealed nothing at all (the tag alone): an empty field, which the server can tell. */
export function isSealedEmpty(ciphertext: string): boolean {
  // Base64 rounds up to 3 bytes, so the length alone cannot tell 16 bytes from 17: count the padding too.
  const padding = ciphertext.endsWith('==') ? 2 : ciphertext.endsWith('=') ? 1 : 0;
  return (ciphertext.length / 4) * 3 - padding <= TAG_BYTES;
}
