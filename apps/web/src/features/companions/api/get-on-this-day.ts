import { api, type Entry, type EntryKey, type OnThisDay } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import type { OpenedText } from '../../../lib/encryption/entry-cipher.ts';
import { openEntriesCached } from '../../../lib/encryption/opened-text-cache.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { companionKeys } from './query-keys.ts';

/** An earlier entry, its text decrypted in the browser as the list does it. */
export type Memory = Entry & OpenedText;

export function getOnThisDay(date: string, signal?: AbortSignal): Promise<OnThisDay> {
  return callApi(api.companions.onThisDay, { query: { date }, signal });
}

export function onThisDayQueryOptions(userId: string, date: string, key: EntryKey | undefined) {
  return queryOptions({
    queryKey: companionKeys.onThisDay(userId, date),
    queryFn: async ({ signal }): Promise<Memory[]> => {
      if (!key) throw new Error('The entry key is not ready');
      const { entries } = await getOnThisDay(date, signal);
      return openEntriesCached(key, userId, entries, { signal });
    },
  });
}

/** Entries written on `today`'s month and day in earlier years, and a month ago, decrypted. */
export function useOnThisDay(today: string) {
  const { user } = useSession();
  const { key, support } = useEntryCipher();
  return useQuery({
    ...onThisDayQueryOptions(user?.id ?? '', today, key.data),
    enabled: Boolean(user) && support.isAvailable && key.data !== undefined,
  });
}
