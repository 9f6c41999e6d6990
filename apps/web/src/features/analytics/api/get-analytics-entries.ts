import { AnalyticsEntriesPage, type AnalyticsEntriesQuery, AnalyticsMoods } from '@daybook/shared';
import { apiRequest } from '../../../lib/api-client.ts';
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
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const search = params.toString();
  return apiRequest(`/api/entries/analytics${search ? `?${search}` : ''}`, {
    schema: AnalyticsEntriesPage,
    signal,
  });
}

/** Every entry's date, time and mood, oldest first, in one answer without ciphertext (ADR 048). */
export function getAnalyticsMoods(signal?: AbortSignal): Promise<AnalyticsMoods> {
  return apiRequest('/api/entries/analytics/moods', { schema: AnalyticsMoods, signal });
}
