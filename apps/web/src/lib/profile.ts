/** The signed-in user's profile (GET /api/me): the account pages, the dashboard and the AI limits read it under one key. */
import { api, type Profile } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './api-client.ts';
import { shouldRetryQuery } from './query-retry.ts';

/** docs/product/accounts.md#accounts-profile: profile 5 min. */
const PROFILE_STALE_MS = 5 * 60_000;
/** docs/product/dashboard.md#dashboard-errors: the profile query retries once. */
const PROFILE_RETRIES = 1;

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return callApi(api.account.profile, { signal });
}

export const profileQueryOptions = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: ({ signal }) => getProfile(signal),
  staleTime: PROFILE_STALE_MS,
  retry: (failureCount, error) => shouldRetryQuery(failureCount, error, PROFILE_RETRIES),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
