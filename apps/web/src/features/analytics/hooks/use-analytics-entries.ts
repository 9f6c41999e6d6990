import {
  type AnalyticsEntry,
  type AnalyticsMoods,
  type AnalyzedEntry,
  analyzeEntry,
  type EntryKey,
} from '@daybook/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { openEntryText, yieldToMain } from '../../../lib/encryption/entry-cipher.ts';
import { entryKeyQueryOptions } from '../../../lib/encryption/entry-key.ts';
import { encryptionSupport } from '../../../lib/encryption/support.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { analyticsKeys, getAnalyticsMoods, getAnalyticsPage } from '../api/get-analytics-entries.ts';
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
  {
    signal,
    onProgress,
    userId,
  }: { signal?: AbortSignal; onProgress?: (done: number) => void; userId?: string } = {},
): Promise<AnalyzedEntry[]> {
  const analyzed: AnalyzedEntry[] = [];
  for (let start = 0; start < entries.length; start += DECRYPT_BATCH) {
    if (start > 0) await yieldToMain();
    signal?.throwIfAborted();
    const batch = entries.slice(start, start + DECRYPT_BATCH);
    const opened = await Promise.all(batch.map((entry) => openEntryText(key, entry, userId)));
    for (const [i, entry] of batch.entries()) {
      const text = opened[i]!;
      // A private entry's mood is counted once opened here (ADR 094): the server holds it sealed.
      const moodTag = text.moodTag !== undefined ? text.moodTag : entry.moodTag;
      analyzed.push(analyzeEntry({ ...entry, moodTag }, text));
    }
    onProgress?.(analyzed.length);
  }
  return analyzed;
}

const NO_THEMES: string[] = [];

/**
 * The entries as counted before any text is decrypted: their dates and moods only, no words or themes yet.
 * The answer comes column by column; one object per entry is what the aggregations read.
 */
export function previewEntries(moods: AnalyticsMoods): AnalyzedEntry[] {
  const entries = new Array<AnalyzedEntry>(moods.createdAt.length);
  for (let i = 0; i < entries.length; i++) {
    entries[i] = {
      createdAt: moods.createdAt[i]!,
      entryDate: moods.entryDate[i]!,
      moodTag: moods.moodTag[i] ?? null,
      words: 0,
      themes: NO_THEMES,
    };
  }
  return entries;
}

/** docs/product/shell.md#shell-timings's default cache: 5 minutes; an entry written meanwhile invalidates it (the journal's root key). */
const STALE_MS = 5 * 60_000;

/**
 * All of the user's visible entries as analytics counts them. First one light answer of every entry's date,
 * time and mood (no ciphertext): `preview` holds them counted from those alone, so most charts are drawn before
 * anything is decrypted. Then the ciphertext in pages of 1,000, each decrypted in this browser while the next
 * downloads, for words and themes. Periods are cut from this one list, so switching between them is instant
 * (ADR 030, ADR 048).
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
      const counted = previewEntries(await getAnalyticsMoods(signal));
      mark(ANALYTICS_MARKS.fetched);
      let total = counted.length;
      setPreview(counted);
      setProgress({ phase: 'decrypting', done: 0, total });
      // The ciphertext is requested only now, so its pages do not compete with the light answer; the server
      // reads them while this browser draws the first charts.
      const analyzed: AnalyzedEntry[] = [];
      let page = getAnalyticsPage({}, signal);
      for (;;) {
        const { entries, nextCursor, total: pagesTotal } = await page;
        if (nextCursor) page = getAnalyticsPage({ cursor: nextCursor }, signal);
        // An entry written between the two requests: the pages' own count is the one decrypted.
        if (pagesTotal !== null) total = pagesTotal;
        const before = analyzed.length;
        analyzed.push(
          ...(await analyzeEntries(await key, entries, {
            signal,
            userId,
            onProgress: (done) => setProgress({ phase: 'decrypting', done: before + done, total }),
          })),
        );
        if (!nextCursor) break;
      }
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
