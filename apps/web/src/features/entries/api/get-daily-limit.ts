import { DailyEntryLimit } from '@daybook/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { entriesKeys } from './query-keys.ts';

export function getDailyLimit(signal?: AbortSignal): Promise<DailyEntryLimit> {
  return apiRequest('/api/entries/limits/daily', { schema: DailyEntryLimit, signal });
}

/** Checked afresh before every save (docs/product/entries.md#entries-create: the daily limit comes first). */
export const dailyLimitQueryOptions = queryOptions({
  queryKey: entriesKeys.dailyLimit(),
  queryFn: ({ signal }) => getDailyLimit(signal),
  staleTime: 0,
  retry: false,
});
