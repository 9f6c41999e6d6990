import { api, type Entry, type EntryKey, type EntryListQuery, type EntryPage } from '@daybook/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import type { OpenedText } from '../../../lib/encryption/entry-cipher.ts';
import { openEntriesCached } from '../../../lib/encryption/opened-text-cache.ts';
import { isNetworkFailure, keepInCopy, readCopyPage } from './entry-copy.ts';
import { entriesKeys } from './query-keys.ts';

/** An entry with its text decrypted in the browser. */
export type DecryptedEntry = Entry & OpenedText;
export type DecryptedEntryPage = Omit<EntryPage, 'entries'> & {
  entries: DecryptedEntry[];
  /** Read from this browser's encrypted copy, the network being down (ADR 084). */
  isFromCopy?: boolean;
};

/** Narrows the list to a day or a period (the dashboard's filters pass these). */
export type EntryFilters = Pick<EntryListQuery, 'date' | 'from' | 'to'>;

export function getEntries(query: EntryListQuery, signal?: AbortSignal): Promise<EntryPage> {
  return callApi(api.entries.list, { query, signal });
}

/**
 * A page of entries, newest first, decrypted with the user's key (the key is derived per user and never
 * changes, so the user id in the query key stands for it). Each page is kept in the browser's encrypted copy;
 * without a network the page comes from that copy (ADR 084), which is why the query runs offline too
 * (`networkMode: 'always'`) instead of waiting for the network.
 */
export function entryPageQueryOptions(userId: string, query: EntryListQuery, key: EntryKey | undefined) {
  return queryOptions({
    queryKey: entriesKeys.list(userId, query),
    queryFn: async ({ signal }): Promise<DecryptedEntryPage> => {
      if (!key) throw new Error('The entry key is not ready');
      let page: EntryPage;
      let isFromCopy = false;
      try {
        page = await getEntries(query, signal);
        keepInCopy(key, userId, page.entries);
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        page = await readCopyPage(key, userId, query);
        isFromCopy = true;
      }
      const entries = await openEntriesCached(key, userId, page.entries, { signal });
      return { ...page, entries, ...(isFromCopy ? { isFromCopy } : {}) };
    },
    enabled: key !== undefined,
    networkMode: 'always',
    // An answer of the copy gives way to the server's as soon as the network is back.
    refetchOnReconnect: (cached) => (cached.state.data?.isFromCopy ? 'always' : true),
    // Moving between pages keeps the previous page on screen until the next one is decrypted.
    placeholderData: keepPreviousData,
  });
}
