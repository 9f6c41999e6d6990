import { type AiStatus, api, type InsightsPeriodDays, type PrivateInsightsEntry } from '@daybook/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { aiKeys } from './query-keys.ts';

/**
 * POST /api/ai/insights: each request spends one of the day's insights, so it runs when asked (a mutation),
 * never on page load. The answer's remaining uses update the status at once.
 */
export function useGenerateInsights() {
  const client = useQueryClient();
  return useMutation({
    /** `entries`: a private account's, decrypted in its browser and sent with the request (ADR 104). */
    mutationFn: ({ days, entries }: { days: InsightsPeriodDays; entries?: PrivateInsightsEntry[] }) =>
      callApi(api.ai.insights, { body: { days, ...(entries ? { entries } : {}) } }),
    onSuccess: (insights) => {
      client.setQueryData<AiStatus>(aiKeys.status(), (status) =>
        status ? { ...status, remaining: insights.remaining } : status,
      );
    },
    onError: () => client.invalidateQueries({ queryKey: aiKeys.status() }),
  });
}
