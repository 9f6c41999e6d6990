import {
  decryptText,
  ENTRY_MESSAGES,
  type EntryKey,
  encryptText,
  openEntryTextV2,
  openMoodV2,
  PRIVATE_MODE,
  PRIVATE_MODE_NOTICES,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import { privateEntryKey } from './private-entry-key.ts';

/** What the API stores for an entry's text. */
export type SealedEntryText = { encryptedContent: string; encryptionIv: string };
/** What a save sends (ADR 094): version 1 with a plain mood, or version 2 with the mood sealed too. */
export type SealedEntry = SealedEntryText &
  (
    | { encryptionVersion?: undefined; moodTag?: string | null }
    | { encryptionVersion: 2; encryptedMood: string }
  );
export type EncryptedFields = {
  encryptedContent: string | null;
  encryptionIv: string | null;
  /** 2 for a private-mode entry (ADR 094); absent or 1 for version 1. */
  encryptionVersion?: number | undefined;
  /** A version-2 entry's sealed mood. */
  encryptedMood?: string | null | undefined;
};

/**
 * Decrypted text; `isDecryptionFailed` when it could not be read (the text is then the spec's notice). A version-2
 * entry also carries its decrypted `moodTag`, which takes the place of the server's null one, and `isLocked` while
 * this browser session has not unlocked private mode (never cached: it opens once unlocked).
 */
export type OpenedText = {
  text: string;
  isDecryptionFailed: boolean;
  moodTag?: string | null;
  isLocked?: true;
};

export async function sealEntryText(key: EntryKey, text: string): Promise<SealedEntryText> {
  const { ciphertext, iv } = await encryptText(key, text);
  return { encryptedContent: ciphertext, encryptionIv: iv };
}

/**
 * An entry to save, sealed as the account writes (ADR 094): under the version-2 key, mood included, when this
 * session has unlocked private mode; otherwise version 1 with the plain mood (`undefined`: leave the mood as it is).
 */
export async function sealEntry(
  key: EntryKey,
  userId: string,
  text: string,
  mood: string | null | undefined,
): Promise<SealedEntry> {
  const privateKey = await privateEntryKey(userId);
  if (!privateKey)
    return { ...(await sealEntryText(key, text)), ...(mood !== undefined ? { moodTag: mood } : {}) };
  const [{ ciphertext, iv }, encryptedMood] = await Promise.all([
    sealEntryTextV2(privateKey, userId, text),
    sealMoodV2(privateKey, userId, mood ?? null),
  ]);
  return {
    encryptedContent: ciphertext,
    encryptionIv: iv,
    encryptionVersion: PRIVATE_MODE.encryptionVersion,
    encryptedMood,
  };
}

const failed = (): OpenedText => ({ text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true });

/** A version-2 entry, text and mood, with this session's private key; locked when there is none. */
async function openPrivateEntry(userId: string | undefined, fields: EncryptedFields): Promise<OpenedText> {
  const key = userId ? await privateEntryKey(userId) : null;
  if (!key || !userId)
    return {
      text: PRIVATE_MODE_NOTICES.entryLocked,
      isDecryptionFailed: true,
      moodTag: null,
      isLocked: true,
    };
  if (!fields.encryptionIv || !fields.encryptedMood) return { ...failed(), moodTag: null };
  try {
    const [text, moodTag] = await Promise.all([
      fields.encryptedContent
        ? openEntryTextV2(key, userId, { ciphertext: fields.encryptedContent, iv: fields.encryptionIv })
        : '',
      openMoodV2(key, userId, fields.encryptedMood),
    ]);
    return { text, isDecryptionFailed: false, moodTag };
  } catch {
    return { ...failed(), moodTag: null };
  }
}

/**
 * Private-mode entries' sealed moods opened with this session's key (the mood ring, the current mood; ADR 094):
 * null for an entry without a mood, one that does not open, and every one while private mode is locked here.
 */
export async function openSealedMoods(
  userId: string,
  sealed: readonly string[],
): Promise<Array<string | null>> {
  if (sealed.length === 0) return [];
  const key = await privateEntryKey(userId);
  if (!key) return sealed.map(() => null);
  return Promise.all(sealed.map((mood) => openMoodV2(key, userId, mood).catch(() => null)));
}

/**
 * Never throws: text that cannot be decrypted reads "[Decryption failed - please contact support]". A version-2
 * entry needs `userId`: its key is the one unlocked for that account in this browser session.
 */
export async function openEntryText(
  key: EntryKey,
  fields: EncryptedFields,
  userId?: string,
): Promise<OpenedText> {
  if (fields.encryptionVersion === PRIVATE_MODE.encryptionVersion) return openPrivateEntry(userId, fields);
  if (!fields.encryptedContent) return { text: '', isDecryptionFailed: false };
  if (!fields.encryptionIv) return failed();
  try {
    const text = await decryptText(key, { ciphertext: fields.encryptedContent, iv: fields.encryptionIv });
    return { text, isDecryptionFailed: false };
  } catch {
    return failed();
  }
}

type Scheduler = { yield?: () => Promise<void> };

/**
 * Gives the browser a turn (input, paint) before more work: `scheduler.yield` where it exists, otherwise a
 * message to ourselves, which (unlike a nested `setTimeout`) is not clamped to 4 ms.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export const DECRYPT_BATCH_SIZE = 5;

/**
 * Decrypts a list in small batches, yielding between them so that typing elsewhere never waits. With a
 * `signal`, stops at the next batch once it is aborted (rejecting with its reason).
 */
export async function openEntries<T extends EncryptedFields>(
  key: EntryKey,
  entries: readonly T[],
  { signal, userId }: { signal?: AbortSignal | undefined; userId?: string | undefined } = {},
): Promise<Array<T & OpenedText>> {
  const opened: Array<T & OpenedText> = [];
  for (let start = 0; start < entries.length; start += DECRYPT_BATCH_SIZE) {
    if (start > 0) await yieldToMain();
    signal?.throwIfAborted();
    const batch = entries.slice(start, start + DECRYPT_BATCH_SIZE);
    const texts = await Promise.all(
      batch.map(async (entry) => ({ ...entry, ...(await openEntryText(key, entry, userId)) })),
    );
    opened.push(...texts);
  }
  return opened;
}
