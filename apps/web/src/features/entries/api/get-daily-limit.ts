import { api, type DailyEntryLimit } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { entriesKeys } from './query-keys.ts';

/** While today's limit is reached, asked again each minute: the limit lifts at midnight with no other sign. */
export const LIMIT_RECHECK_MS = 60_000;

/** Counted in this browser's zone, the one a new entry is counted in (ADR 066). */
export function getDailyLimit(signal?: AbortSignal): Promise<DailyEntryLimit> {
  return callApi(api.entries.dailyLimit, { query: { timeZone: browserTimeZone() }, signal });
}

/** Checked afresh before every save (docs/product/entries.md#entries-create: the daily limit comes first). */
export const dailyLimitQueryOptions = queryOptions({
  queryKey: entriesKeys.dailyLimit(),
  queryFn: ({ signal }) => getDailyLimit(signal),
  staleTime: 0,
  retry: false,
});

/**
 * Today's count for the quick entry card, so that a reached limit is said before writing (ADR 087). Saving,
 * deleting and the live events refresh it with the rest of the journal's keys.
 */
export function useDailyLimit() {
  return useQuery({
    ...dailyLimitQueryOptions,
    refetchInterval: (query) => (query.state.data?.allowed === false ? LIMIT_RECHECK_MS : false),
  });
}
