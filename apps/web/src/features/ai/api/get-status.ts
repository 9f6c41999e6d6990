import { api } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { aiKeys } from './query-keys.ts';

/** GET /api/ai/status: whether a provider is configured, where it is, and the uses left today. */
export const aiStatusQueryOptions = queryOptions({
  queryKey: aiKeys.status(),
  queryFn: ({ signal }) => callApi(api.ai.status, { signal }),
  staleTime: 30_000,
});

export function useAiStatus() {
  return useQuery(aiStatusQueryOptions);
}
