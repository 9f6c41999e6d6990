import { api, type Entry, type EntryKey } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { openEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { isNetworkFailure, keepInCopy, readCopiedEntry } from './entry-copy.ts';
import type { DecryptedEntry } from './get-entries.ts';
import { entriesKeys } from './query-keys.ts';

export function getEntry(id: string, signal?: AbortSignal): Promise<Entry> {
  return callApi(api.entries.get, { params: { id }, signal });
}

export function entryQueryOptions(userId: string, id: string, key: EntryKey | undefined) {
  return queryOptions({
    queryKey: entriesKeys.detail(userId, id),
    queryFn: async ({ signal }): Promise<DecryptedEntry> => {
      if (!key) throw new Error('The entry key is not ready');
      let entry: Entry;
      try {
        entry = await getEntry(id, signal);
        keepInCopy(key, userId, [entry]);
      } catch (error) {
        // Without a network, the entry as this browser's encrypted copy has it (ADR 084).
        const copied = isNetworkFailure(error) ? await readCopiedEntry(key, userId, id) : undefined;
        if (!copied) throw error;
        entry = copied;
      }
      return { ...entry, ...(await openEntryText(key, entry, userId)) };
    },
    enabled: key !== undefined,
    networkMode: 'always',
    // Editing needs the newest text: ask again whenever the page opens.
    staleTime: 0,
  });
}

export function useEntry(userId: string, id: string, key: EntryKey | undefined) {
  return useQuery(entryQueryOptions(userId, id, key));
}
