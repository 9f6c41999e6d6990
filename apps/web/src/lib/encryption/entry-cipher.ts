import { decryptText, ENTRY_MESSAGES, type EntryKey, encryptText } from '@daybook/shared';

/** What the API stores for an entry's text. */
export type SealedEntryText = { encryptedContent: string; encryptionIv: string };
export type EncryptedFields = { encryptedContent: string | null; encryptionIv: string | null };

/** Decrypted text; `isDecryptionFailed` when it could not be read (the text is then the spec's notice). */
export type OpenedText = { text: string; isDecryptionFailed: boolean };

export async function sealEntryText(key: EntryKey, text: string): Promise<SealedEntryText> {
  const { ciphertext, iv } = await encryptText(key, text);
  return { encryptedContent: ciphertext, encryptionIv: iv };
}

/** Never throws: text that cannot be decrypted reads "[Decryption failed - please contact support]". */
export async function openEntryText(key: EntryKey, fields: EncryptedFields): Promise<OpenedText> {
  if (!fields.encryptedContent) return { text: '', isDecryptionFailed: false };
  if (!fields.encryptionIv) return { text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true };
  try {
    const text = await decryptText(key, { ciphertext: fields.encryptedContent, iv: fields.encryptionIv });
    return { text, isDecryptionFailed: false };
  } catch {
    return { text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true };
  }
}

type Scheduler = { yield?: () => Promise<void> };

/** Gives the browser a turn (input, paint) before more work: scheduler.yield, idle time, or a task. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof globalThis.requestIdleCallback === 'function') {
    return new Promise((resolve) => globalThis.requestIdleCallback(() => resolve(), { timeout: 50 }));
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export const DECRYPT_BATCH_SIZE = 5;

/** Decrypts a list in small batches, yielding between them so that typing elsewhere never waits. */
export async function openEntries<T extends EncryptedFields>(
  key: EntryKey,
  entries: readonly T[],
): Promise<Array<T & OpenedText>> {
  const opened: Array<T & OpenedText> = [];
  for (let start = 0; start < entries.length; start += DECRYPT_BATCH_SIZE) {
    if (start > 0) await yieldToMain();
    const batch = entries.slice(start, start + DECRYPT_BATCH_SIZE);
    const texts = await Promise.all(
      batch.map(async (entry) => ({ ...entry, ...(await openEntryText(key, entry)) })),
    );
    opened.push(...texts);
  }
  return opened;
}
