import {
  type CandidatesQuery,
  ENTRY_LIMITS,
  type Entry,
  type EntryCriteria,
  type EntryKey,
} from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { openEntriesCached } from '../../../lib/encryption/opened-text-cache.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { isNetworkFailure, keepInCopy, readCopyRange } from '../api/entry-copy.ts';
import { type DecryptedEntry, type EntryFilters, entryPageQueryOptions } from '../api/get-entries.ts';
import { entriesKeys } from '../api/query-keys.ts';

/** One page of a list of entries, however it was found: what the list view shows. */
export type EntryFeed = {
  /** The entries of the current page, decrypted. */
  entries: DecryptedEntry[];
  /** Exact: the server's count, or the number of matches. */
  total: number;
  /** Nothing to show yet. */
  isPending: boolean;
  /** The previous results stay on screen while new ones are fetched or decrypted. */
  isUpdating: boolean;
  error: Error | null;
  retry: () => void;
  /** Read from this browser's encrypted copy because the network is down (ADR 084). */
  isFromCopy: boolean;
};

const PAGE_SIZE = ENTRY_LIMITS.pageSize;

/** A page as the server counts and cuts it (no search text, no theme). */
export function useEntryPageFeed({
  filters,
  page,
  enabled = true,
}: {
  filters?: EntryFilters;
  page: number;
  enabled?: boolean;
}): EntryFeed {
  const { user } = useSession();
  const { key } = useEntryCipher();
  const query = useQuery({
    ...entryPageQueryOptions(user?.id ?? '', { page, pageSize: PAGE_SIZE, ...filters }, key.data),
    enabled: enabled && key.data !== undefined,
  });
  const userId = user?.id;
  const isAnsweredOnline = query.isSuccess && !query.data.isFromCopy;
  useEffect(() => {
    if (isAnsweredOnline && userId && key.data) copyWholeJournalWhenIdle(userId, key.data);
  }, [isAnsweredOnline, userId, key.data]);
  return {
    entries: query.data?.entries ?? [],
    total: query.data?.total ?? 0,
    isPending: query.isPending,
    isUpdating: query.isPlaceholderData,
    error: query.error,
    retry: () => void query.refetch(),
    isFromCopy: query.data?.isFromCopy === true,
  };
}

/**
 * The users whose whole journal this page has copied already (in the background, or by an All Time search): once
 * per page load is enough.
 */
const copiedJournals = new Set<string>();

type Candidates = { entries: Entry[]; isFromCopy?: boolean };

/**
 * Every entry of a range, still encrypted, for search and themes (ADR 069), kept in the journal's copy as they
 * arrive (ADR 084).
 */
function candidatesQueryOptions(userId: string, range: CandidatesQuery, entryKey: EntryKey | undefined) {
  return queryOptions({
    queryKey: entriesKeys.searchCandidates(userId, range),
    // The fetching loads with the first search, as the search itself does.
    queryFn: async ({ signal }): Promise<Candidates> => {
      if (!entryKey) throw new Error('The entry key is not ready');
      const { getSearchCandidates } = await import('../../../lib/search-candidates.ts');
      try {
        const opening: Promise<unknown>[] = [];
        const found = await getSearchCandidates(range, signal, (page) => {
          // Decrypting starts with the first page; the search then finds most texts ready.
          opening.push(openEntriesCached(entryKey, userId, page).catch(() => undefined));
        });
        // Kept for reading offline; All Time is the whole journal, so what it lacks was deleted elsewhere. Sealing
        // 10,000 entries beside their decrypting slowed the first search (the bench's 1.7 s, against 0.94 before
        // the copy): the copy waits until the texts are open and the browser is idle.
        const isWholeJournal = !range.date && !range.from && !range.to;
        if (isWholeJournal) copiedJournals.add(userId);
        void Promise.all(opening).then(() =>
          whenIdle(() => keepInCopy(entryKey, userId, found.entries, { isWholeJournal })),
        );
        return found;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        return { entries: await readCopyRange(entryKey, userId, range), isFromCopy: true };
      }
    },
    // Offline, the search runs over the copy instead of waiting for the network.
    networkMode: 'always',
    refetchOnReconnect: (cached) => (cached.state.data?.isFromCopy ? 'always' : true),
  });
}

/**
 * The copy holds every entry, not only the pages seen (ADR 084): once per page load, when the browser
 * has nothing better to do, the whole journal is fetched as an All Time search fetches it, and kept. Apart from
 * the search's query, so that a search under way is never made to wait for it or to decrypt without its head
 * start (ADR 069). Only where our service worker controls the page: without it the app does not open offline,
 * and a copy would be of no use.
 */
function copyWholeJournalWhenIdle(userId: string, entryKey: EntryKey): void {
  if (copiedJournals.has(userId) || !navigator.serviceWorker?.controller) return;
  copiedJournals.add(userId);
  const copy = async () => {
    const { getSearchCandidates } = await import('../../../lib/search-candidates.ts');
    const { entries } = await getSearchCandidates({});
    keepInCopy(entryKey, userId, entries, { isWholeJournal: true });
  };
  whenIdle(() => void copy().catch(() => undefined));
}

/** Runs work that nobody waits for once the browser has nothing better to do (within 10 s). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 10_000 });
  else setTimeout(work, 2_000);
}

type SearchResult = {
  candidates: readonly Entry[];
  criteria: EntryCriteria;
  matches: DecryptedEntry[];
};

/**
 * Search and themes (docs/product/search.md#search-themes): every entry of the range is fetched (a page of 1,000 at a time, decrypted
 * as it arrives), decrypted in the browser and filtered there, then paged 5 at a time with their exact count
 * (ADR 069). A newer search cancels an older one still decrypting, so a stale result never replaces a newer
 * one; decrypted text is cached for the session.
 */
export function useEntrySearchFeed({
  range,
  criteria,
  page,
  enabled = true,
}: {
  range: CandidatesQuery;
  criteria: EntryCriteria;
  page: number;
  enabled?: boolean;
}): EntryFeed {
  const { user } = useSession();
  const userId = user?.id ?? '';
  const { key } = useEntryCipher();
  const entryKey = key.data;
  const candidates = useQuery({
    ...candidatesQueryOptions(userId, range, entryKey),
    enabled: enabled && entryKey !== undefined,
  });
  const list = enabled ? candidates.data?.entries : undefined;
  const { query, theme } = criteria;
  const [result, setResult] = useState<SearchResult | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);

  useEffect(() => {
    if (!entryKey || !list) return;
    const controller = new AbortController();
    const current = { query, theme };
    // The search's code loads with the first search: a page that only lists entries never needs it.
    import('../search.ts')
      .then(({ searchEntries }) => searchEntries(entryKey, userId, list, current, controller.signal))
      .then(
        (matches) => {
          if (controller.signal.aborted) return;
          setFailure(null);
          setResult({ candidates: list, criteria: current, matches });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailure(error instanceof Error ? error : new Error(String(error)));
        },
      );
    return () => controller.abort();
  }, [entryKey, userId, list, query, theme]);

  // Results of other candidates (another range) are not shown; of the same ones, they stay while typing.
  const shown = result && list && result.candidates === list ? result : null;
  const isCurrent = shown?.criteria.query === query && shown.criteria.theme === theme;
  const matches = shown?.matches ?? [];
  const start = (page - 1) * PAGE_SIZE;
  return {
    entries: matches.slice(start, start + PAGE_SIZE),
    total: matches.length,
    isPending: shown === null,
    isUpdating: shown !== null && !isCurrent,
    error: candidates.error ?? failure,
    retry: () => {
      setFailure(null);
      void candidates.refetch();
    },
    isFromCopy: candidates.data?.isFromCopy === true,
  };
}
