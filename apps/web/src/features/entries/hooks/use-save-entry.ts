import { ENTRY_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiRequestError, isSessionGone } from '../../../lib/api-client.ts';
import type { SealedEntry } from '../../../lib/encryption/entry-cipher.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { toast } from '../../../lib/toast.ts';
import { useIsOffline } from '../../../lib/use-is-offline.ts';
import { useCreateEntry } from '../api/create-entry.ts';
import { dailyLimitQueryOptions } from '../api/get-daily-limit.ts';
import type { NewEntry } from '../new-entry.ts';
import { announceSaved, announceServerRefusal, checkAndSeal, errorDescription } from './entry-checks.ts';

/** Errors whose message is the answer itself (a limit, the plan): shown as received (docs/product/sharing.md#sharing-received). */
const SHOWN_AS_RECEIVED = new Set([403, 429]);

const isNetworkError = (error: unknown) => error instanceof ApiRequestError && error.status === 0;

/**
 * The creation sequence of docs/product/entries.md#entries-create: today's limit first, then moderation, then encryption, then the
 * request. Every refusal and failure is said in a toast; resolves to whether the entry was saved.
 */
export function useSaveEntry() {
  const client = useQueryClient();
  const { support, sealForSave, isPrivate } = useEntryCipher();
  const create = useCreateEntry();
  const { user } = useSession();
  const userId = user?.id;
  const isOffline = useIsOffline();

  /**
   * Without a network (ADR 041): encrypted here as always, then kept in this browser's queue and sent when the
   * network is back; the server applies its rules then. Its code loads only when it is needed.
   */
  const queue = useCallback(
    async (entry: NewEntry, sealed?: SealedEntry) => {
      const { queueEntry } = await import('../save-offline.ts');
      return queueEntry({ client, userId, sealForSave, isPrivate: isPrivate() }, entry, sealed);
    },
    [client, userId, sealForSave, isPrivate],
  );

  const save = useCallback(
    async ({ text, mood, mediaDraftId }: NewEntry): Promise<boolean> => {
      if (!support.isAvailable) {
        toast.error(ENTRY_MESSAGES.encryptionUnavailable, { description: support.message });
        return false;
      }
      if (!navigator.onLine) return queue({ text, mood, mediaDraftId });

      try {
        const limit = await client.fetchQuery(dailyLimitQueryOptions);
        if (!limit.allowed) {
          toast.error(ENTRY_MESSAGES.dailyLimitReached(limit.limit));
          return false;
        }
      } catch (error) {
        // The server holds the limit too: a failed check only skips the early answer.
        if (isSessionGone(error)) return false;
      }

      // A private entry (ADR 094) is moderated here alone, and sealed with its mood.
      const checked = await checkAndSeal(
        client,
        text,
        (plain) => sealForSave(plain, mood),
        ENTRY_MESSAGES.encryptFailed,
        { inBrowser: isPrivate() },
      );
      if (!checked) return false;

      try {
        const timeZone = browserTimeZone();
        const created = await create.mutateAsync({
          ...checked.sealed,
          // The zone it is written in: its day and time are told there (ADR 066).
          ...(timeZone ? { timeZone } : {}),
          ...(mediaDraftId ? { mediaDraftId } : {}),
        });
        announceSaved(
          checked.warning ?? created.moderation.warning,
          ENTRY_MESSAGES.created,
          ENTRY_MESSAGES.savedCheck,
        );
        return true;
      } catch (error) {
        // The network went while saving: the entry, sealed already, waits in the queue instead (ADR 041).
        if (isNetworkError(error) && !mediaDraftId) return queue({ text, mood }, checked.sealed);
        if (isSessionGone(error) || announceServerRefusal(error)) return false;
        if (error instanceof ApiRequestError && SHOWN_AS_RECEIVED.has(error.status)) {
          toast.error(error.message);
        } else {
          toast.error(ENTRY_MESSAGES.createFailed, { description: errorDescription(error) });
        }
        return false;
      }
    },
    [client, create, sealForSave, isPrivate, support, queue],
  );

  return { save, support, isOffline, isSaving: create.isPending };
}
