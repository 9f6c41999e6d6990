import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff, Copy, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { BRIEF_TOAST } from '../../../lib/constants.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { discardQueued, flushQueue, listQueued } from '../../../lib/offline/entry-queue.ts';
import { SYNC_ENTRIES_EVENT } from '../../../lib/offline/sync-event.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { toast } from '../../../lib/toast.ts';
import { entriesKeys } from '../api/query-keys.ts';
import { entryTime } from '../format.ts';
import { OFFLINE_MESSAGES } from '../offline.ts';
import { MoodPill } from './MoodPill.tsx';

/**
 * Sends this user's queued entries now and whenever the network comes back or the service worker's
 * Background Sync asks (ADR 041); says what happened and refreshes the journal.
 */
function useQueueSync(userId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const sync = async () => {
      if (!navigator.onLine) return;
      const result = await flushQueue(userId).catch(() => null);
      if (!result || (result.sent === 0 && result.refused === 0)) return;
      await client.invalidateQueries({ queryKey: entriesKeys.all });
      if (result.sent > 0) toast.success(OFFLINE_MESSAGES.sent(result.sent));
      if (result.refused > 0) toast.error(OFFLINE_MESSAGES.refusedToast);
    };
    const onSignal = () => void sync();
    void sync();
    window.addEventListener('online', onSignal);
    window.addEventListener(SYNC_ENTRIES_EVENT, onSignal);
    return () => {
      window.removeEventListener('online', onSignal);
      window.removeEventListener(SYNC_ENTRIES_EVENT, onSignal);
    };
  }, [userId, client]);
}

/**
 * Entries written offline that the server has not got yet, above the journal: "Waiting to sync", or, when the
 * server refused one at sync time (today's limit, moderation), its reason with Copy and Discard. Nothing is
 * shown while the queue is empty.
 */
export function QueuedEntries({ timeZone }: { timeZone?: string | undefined }) {
  const { user } = useSession();
  const userId = user?.id;
  const client = useQueryClient();
  const cipher = useEntryCipher();
  const headingId = useId();
  useQueueSync(userId);

  const queued = useQuery({
    queryKey: entriesKeys.queued(userId ?? ''),
    queryFn: async () => {
      const rows = await listQueued(userId ?? '');
      if (rows.length === 0) return [];
      return cipher.decryptMany(rows);
    },
    enabled: Boolean(userId) && cipher.support.isAvailable,
    // Kept in this browser: it changes only when this tab writes or sends, which invalidate it.
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  });

  const rows = queued.data ?? [];
  if (rows.length === 0) return null;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(OFFLINE_MESSAGES.copied, BRIEF_TOAST);
    } catch {
      toast.error("Couldn't copy the text. Select it and copy it by hand.", BRIEF_TOAST);
    }
  };
  const discard = async (id: string) => {
    if (!userId) return;
    await discardQueued(userId, id);
    await client.invalidateQueries({ queryKey: entriesKeys.queued(userId) });
    toast.success(OFFLINE_MESSAGES.discarded, BRIEF_TOAST);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {OFFLINE_MESSAGES.waiting}
      </h2>
      <ul className="flex flex-col gap-3">
        {rows.map((entry) => {
          const isRefused = entry.status === 'refused';
          return (
            <li
              key={entry.id}
              data-queued-entry={entry.status}
              className="flex flex-col gap-3 rounded-card border border-dashed bg-card p-4 text-card-foreground sm:p-5"
            >
              <div className="flex flex-wrap items-center gap-2">
                <MoodPill moodTag={entry.moodTag} />
                <span className="text-sm text-muted-foreground">
                  Written at <time dateTime={entry.writtenAt}>{entryTime(entry.writtenAt, timeZone)}</time>
                </span>
                <Badge variant={isRefused ? 'warning' : 'neutral'} className="ml-auto">
                  {isRefused ? <TriangleAlert aria-hidden="true" /> : <CloudOff aria-hidden="true" />}
                  {isRefused ? OFFLINE_MESSAGES.refused : OFFLINE_MESSAGES.waiting}
                </Badge>
              </div>
              <p className="whitespace-pre-wrap break-words">{entry.text}</p>
              {isRefused ? (
                <>
                  <p role="status" className="text-sm text-destructive">
                    {entry.reason}
                  </p>
                  <div className="flex flex-wrap justify-end gap-1 border-t pt-2">
                    <Button variant="ghost" size="sm" onClick={() => void copy(entry.text)}>
                      <Copy aria-hidden="true" />
                      Copy text
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => void discard(entry.id)}>
                      <Trash2 aria-hidden="true" />
                      Discard
                    </Button>
                  </div>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
