import { ENTRY_MESSAGES } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { SealedEntryText } from '../../lib/encryption/entry-cipher.ts';
import { enqueueEntry, requestBackgroundSync } from '../../lib/offline/entry-queue.ts';
import { toast } from '../../lib/toast.ts';
import { entriesKeys } from './api/query-keys.ts';
import { errorDescription, isSignedOutError } from './hooks/entry-checks.ts';
import type { NewEntry } from './new-entry.ts';
import { OFFLINE_MESSAGES } from './offline.ts';

type Deps = {
  client: QueryClient;
  userId: string | undefined;
  encrypt: (text: string) => Promise<SealedEntryText>;
};

/**
 * Keeps a new entry in this browser's queue (ADR 041), encrypted with the user's key (from this tab's session:
 * no network is needed), and asks for Background Sync. Today's limit and moderation need the server: it
 * applies them when the entry arrives. Attachments are uploaded at once and cannot wait here.
 * Resolves to whether the entry was kept; every refusal is said in a toast.
 */
export async function queueEntry(
  { client, userId, encrypt }: Deps,
  { text, mood, mediaDraftId }: NewEntry,
  sealedAlready?: SealedEntryText,
): Promise<boolean> {
  if (mediaDraftId) {
    toast.error(OFFLINE_MESSAGES.noMedia);
    return false;
  }
  if (!userId) return false;
  let sealed = sealedAlready;
  if (!sealed) {
    try {
      sealed = await encrypt(text);
    } catch (error) {
      if (!isSignedOutError(error))
        toast.error(ENTRY_MESSAGES.encryptFailed, { description: OFFLINE_MESSAGES.noKey });
      return false;
    }
  }
  try {
    await enqueueEntry({ userId, ...sealed, moodTag: mood });
  } catch (error) {
    toast.error(OFFLINE_MESSAGES.queueFailed, { description: errorDescription(error) });
    return false;
  }
  void requestBackgroundSync();
  void client.invalidateQueries({ queryKey: entriesKeys.queued(userId) });
  toast.success(OFFLINE_MESSAGES.queued);
  return true;
}
