import { TwoFactorStatus } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest('/api/me/two-factor', { schema: TwoFactorStatus, signal });
}

export const twoFactorQueryOptions = queryOptions({
  queryKey: TWO_FACTOR_QUERY_KEY,
  queryFn: ({ signal }) => getTwoFactor(signal),
});

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions);
}
