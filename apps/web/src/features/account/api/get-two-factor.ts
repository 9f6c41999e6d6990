import { api, type TwoFactorStatus } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return callApi(api.account.twoFactor, { signal });
}

export const twoFactorQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_QUERY_KEY,
  queryFn: ({ signal }) => getTwoFactor(signal),
});

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions);
}
