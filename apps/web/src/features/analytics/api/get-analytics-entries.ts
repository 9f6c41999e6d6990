import {
  type AnalyticsEntriesPage,
  type AnalyticsEntriesQuery,
  type AnalyticsMoods,
  api,
} from '@daybook/shared';
import { callApi } from '../../../lib/api-client.ts';
import { journalKeys } from '../../../lib/query-keys.ts';

/**
 * Kept under the journal's root key: writing, editing or deleting an entry invalidates it, so the charts
 * follow the journal.
 */
export const analyticsKeys = {
  entries: (userId: string) => [...journalKeys.all, 'analytics', userId] as const,
};

export function getAnalyticsPage(
  query: AnalyticsEntriesQuery,
  signal?: AbortSignal,
): Promise<AnalyticsEntriesPage> {
  return callApi(api.entries.analytics, { query, signal });
}

/** Every entry's date, time and mood, oldest first, in one answer without ciphertext (ADR 048). */
export function getAnalyticsMoods(signal?: AbortSignal): Promise<AnalyticsMoods> {
  return callApi(api.entries.analyticsMoods, { query: {}, signal });
}
