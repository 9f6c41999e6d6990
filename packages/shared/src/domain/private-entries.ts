import { MOODS } from '../constants.ts';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { type EntryKey, fromBase64, type Sealed, toBase64 } from './crypto.ts';

/**
 * Version-2 entries (private mode, ADR 094): the text and the mood sealed in the browser under the entry key derived
 * from the account key (`deriveEntryKeyV2`, ADR 089), with the version-1 cipher (AES-256-GCM, a fresh 12-byte IV).
 * Each ciphertext's associated data names its field and the account, so a mood's ciphertext moved into the text,
 * or an entry's moved to another account, fails as a wrong key does. The server never holds this key: it stores
 * and returns the ciphertexts as they came.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const IV_BYTES = 12;

export type EntryFieldV2 = 'text' | 'mood';

/** `daybook/entry/v2|<field>|<user id>`: what each version-2 ciphertext is bound to (ADR 089, ADR 094). */
export const entryAadV2 = (field: EntryFieldV2, userId: string) =>
  encoder.encode(`daybook/entry/v2|${field}|${userId}`);

/**
 * Every mood is padded to this many bytes before sealing, and an entry without one seals an empty mood, so the
 * ciphertext's length tells nothing of which mood was chosen, or whether one was.
 */
export const MOOD_PADDED_BYTES = PRIVATE_MODE.moodPaddedBytes;
/** A sealed mood: IV ‖ 32 padded bytes ‖ tag, base64 (80 characters). */
export const SEALED_MOOD_BYTES = PRIVATE_MODE.sealedMoodBytes;
export const SEALED_MOOD_CHARS = PRIVATE_MODE.sealedMoodChars;

const MOOD_LABELS: ReadonlySet<string> = new Set(MOODS.map((mood) => mood.label));

export async function sealEntryTextV2(key: EntryKey, userId: string, text: string): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: entryAadV2('text', userId) },
    key,
    encoder.encode(text),
  );
  return { ciphertext: toBase64(new Uint8Array(sealed)), iv: toBase64(iv) };
}

/** Throws when the text was sealed under another key, for another account or as another field. */
export async function openEntryTextV2(key: EntryKey, userId: string, sealed: Sealed): Promise<string> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: entryAadV2('text', userId) },
    key,
    fromBase64(sealed.ciphertext),
  );
  return decoder.decode(plain);
}

/** The mood (one of MOODS, or null for none) padded and sealed as base64 of IV ‖ ciphertext ‖ tag. */
export async function sealMoodV2(key: EntryKey, userId: string, mood: string | null): Promise<string> {
  if (mood !== null && !MOOD_LABELS.has(mood)) throw new RangeError(`Not a mood: ${mood}`);
  const padded = new Uint8Array(MOOD_PADDED_BYTES);
  padded.set(encoder.encode(mood ?? ''));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: entryAadV2('mood', userId) },
      key,
      padded,
    ),
  );
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return toBase64(out);
}

/**
 * The mood back, or null when the entry has none. Throws when it does not open (another key, account or field) or
 * opens to something that is not a mood (never shown as one).
 */
export async function openMoodV2(key: EntryKey, userId: string, sealedMood: string): Promise<string | null> {
  const bytes = fromBase64(sealedMood);
  if (bytes.length !== SEALED_MOOD_BYTES) throw new RangeError('A sealed mood is 60 bytes');
  const padded = new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES), additionalData: entryAadV2('mood', userId) },
      key,
      bytes.subarray(IV_BYTES),
    ),
  );
  const end = padded.indexOf(0);
  const mood = decoder.decode(end === -1 ? padded : padded.subarray(0, end));
  if (mood === '') return null;
  if (!MOOD_LABELS.has(mood)) throw new RangeError('The sealed mood is not a mood');
  return mood;
}
