import { api } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.ts';

/**
 * GET /api/me/plan-features: the feature flags of the user's plan (docs/product/plans-billing.md#plans-features), read by the subscription
 * settings and the media controls alike. docs/product/plans-billing.md#plans-timings: 5 min stale, 10 min kept.
 */
export const planFeaturesQueryOptions = queryOptions({
  queryKey: ['plan-features'],
  queryFn: ({ signal }) => callApi(api.account.planFeatures, { signal }),
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
});

export function usePlanFeatures() {
  return useQuery(planFeaturesQueryOptions);
}
