import { type AnalyticsEntry, type AnalyzedEntry, analyzeEntry, type EntryKey } from '@daybook/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { openEntryText, yieldToMain } from '../../../lib/encryption/entry-cipher.ts';
import { entryKeyQueryOptions } from '../../../lib/encryption/entry-key.ts';
import { encryptionSupport } from '../../../lib/encryption/support.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { analyticsKeys, getAnalyticsPage } from '../api/get-analytics-entries.ts';
import { ANALYTICS_MARKS, mark } from '../timing.ts';

/**
 * Entries decrypted at once between two turns of the browser. WebCrypto works off the main thread, so a
 * batch costs the page well under a frame; 5,000 entries take 25 turns.
 */
const DECRYPT_BATCH = 200;

export type AnalyticsProgress = { phase: 'loading' | 'decrypting'; done: number; total: number };

/**
 * Decrypts in batches, yielding between them, and keeps of each entry only what the charts count (words and
 * themes): the plain text is dropped as soon as it is read.
 */
export async function analyzeEntries(
  key: EntryKey,
  entries: readonly AnalyticsEntry[],
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (done: number) => void } = {},
): Promise<AnalyzedEntry[]> {
  const analyzed: AnalyzedEntry[] = [];
  for (let start = 0; start < entries.length; start += DECRYPT_BATCH) {
    if (start > 0) await yieldToMain();
    signal?.throwIfAborted();
    const batch = entries.slice(start, start + DECRYPT_BATCH);
    const opened = await Promise.all(batch.map((entry) => openEntryText(key, entry)));
    for (const [i, entry] of batch.entries()) analyzed.push(analyzeEntry(entry, opened[i]!));
    onProgress?.(analyzed.length);
  }
  return analyzed;
}

/** An entry counted before its text is decrypted: no words or themes yet. */
const UNREAD = { text: '', isDecryptionFailed: true } as const;

/** Spec §9's default cache: 5 minutes; an entry written meanwhile invalidates it (the journal's root key). */
const STALE_MS = 5 * 60_000;

/**
 * All of the user's visible entries as analytics counts them: fetched in pages of 1,000, then decrypted in this
 * browser. Meanwhile `preview` holds them counted from their plain columns alone (dates and moods), so most charts
 * are drawn before the first entry is decrypted. Periods are cut from this one list, so switching between them is
 * instant (ADR 030).
 */
export function useAnalyticsEntries() {
  const { user } = useSession();
  const client = useQueryClient();
  const support = useMemo(encryptionSupport, []);
  const [progress, setProgress] = useState<AnalyticsProgress>({ phase: 'loading', done: 0, total: 0 });
  const [preview, setPreview] = useState<AnalyzedEntry[] | null>(null);
  const userId = user?.id ?? '';
  const query = useQuery({
    queryKey: analyticsKeys.entries(userId),
    enabled: Boolean(userId) && support.isAvailable,
    staleTime: STALE_MS,
    queryFn: async ({ signal }) => {
      mark(ANALYTICS_MARKS.start);
      setProgress({ phase: 'loading', done: 0, total: 0 });
      setPreview(null);
      const key = client.fetchQuery(entryKeyQueryOptions(userId));
      // Pages download one after another, each requested as the previous one arrives.
      const fetched: AnalyticsEntry[] = [];
      let page = getAnalyticsPage({}, signal);
      for (;;) {
        const { entries, nextCursor } = await page;
        if (nextCursor) page = getAnalyticsPage({ cursor: nextCursor }, signal);
        fetched.push(...entries);
        setProgress({ phase: 'loading', done: fetched.length, total: 0 });
        if (!nextCursor) break;
      }
      mark(ANALYTICS_MARKS.fetched);
      // Dates and moods are stored in the clear, so the charts that need only them are drawn now; words and
      // themes follow once the text is decrypted.
      setPreview(fetched.map((entry) => analyzeEntry(entry, UNREAD)));
      const total = fetched.length;
      setProgress({ phase: 'decrypting', done: 0, total });
      const analyzed = await analyzeEntries(await key, fetched, {
        signal,
        onProgress: (done) => setProgress({ phase: 'decrypting', done, total }),
      });
      mark(ANALYTICS_MARKS.decrypted);
      return analyzed;
    },
  });
  // The preview stands in only while this load decrypts; a finished load (or a cached one) wins.
  return {
    ...query,
    preview: query.data ? null : preview,
    progress,
    support,
    timeZone: user?.timezone,
  };
}
