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
  { signal }: { signal?: AbortSignal } = {},
): Promise<Array<T & OpenedText>> {
  const opened: Array<T & OpenedText> = [];
  for (let start = 0; start < entries.length; start += DECRYPT_BATCH_SIZE) {
    if (start > 0) await yieldToMain();
    signal?.throwIfAborted();
    const batch = entries.slice(start, start + DECRYPT_BATCH_SIZE);
    const texts = await Promise.all(
      batch.map(async (entry) => ({ ...entry, ...(await openEntryText(key, entry)) })),
    );
    opened.push(...texts);
  }
  return opened;
}
