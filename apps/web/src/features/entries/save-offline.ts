import { ENTRY_MESSAGES } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { isSessionGone } from '../../lib/api-client.ts';
import type { SealedEntry } from '../../lib/encryption/entry-cipher.ts';
import { enqueueEntry, requestBackgroundSync } from '../../lib/offline/entry-queue.ts';
import { toast } from '../../lib/toast.ts';
import { entriesKeys } from './api/query-keys.ts';
import { checkEntryText, errorDescription } from './hooks/entry-checks.ts';
import type { NewEntry } from './new-entry.ts';
import { OFFLINE_MESSAGES } from './offline.ts';

type Deps = {
  client: QueryClient;
  userId: string | undefined;
  sealForSave: (text: string, mood: string | null) => Promise<SealedEntry>;
  /** Private mode is unlocked: the entry is moderated here before it waits, as the server will not (ADR 094). */
  isPrivate: boolean;
};

/**
 * Keeps a new entry in this browser's queue (ADR 041), encrypted with the user's key (from this tab's session:
 * no network is needed), and asks for Background Sync. Today's limit and moderation need the server: it
 * applies them when the entry arrives. Attachments are uploaded at once and cannot wait here.
 * Resolves to whether the entry was kept; every refusal is said in a toast.
 */
export async function queueEntry(
  { client, userId, sealForSave, isPrivate }: Deps,
  { text, mood, mediaDraftId }: NewEntry,
  sealedAlready?: SealedEntry,
): Promise<boolean> {
  if (mediaDraftId) {
    toast.error(OFFLINE_MESSAGES.noMedia);
    return false;
  }
  if (!userId) return false;
  let sealed = sealedAlready;
  if (!sealed) {
    if (isPrivate && !(await checkEntryText(client, text, { inBrowser: true })).isAllowed) return false;
    try {
      sealed = await sealForSave(text, mood);
    } catch (error) {
      if (!isSessionGone(error))
        toast.error(ENTRY_MESSAGES.encryptFailed, { description: OFFLINE_MESSAGES.noKey });
      return false;
    }
  }
  try {
    await enqueueEntry(
      sealed.encryptionVersion === 2
        ? { userId, ...sealed, moodTag: null }
        : { userId, ...sealed, moodTag: sealed.moodTag ?? null },
    );
  } catch (error) {
    toast.error(OFFLINE_MESSAGES.queueFailed, { description: errorDescription(error) });
    return false;
  }
  void requestBackgroundSync();
  void client.invalidateQueries({ queryKey: entriesKeys.queued(userId) });
  toast.success(OFFLINE_MESSAGES.queued);
  return true;
}
