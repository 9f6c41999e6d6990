import { api, type SessionList } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

export const SESSIONS_QUERY_KEY = ['active-sessions'] as const;

export function getSessions(signal?: AbortSignal): Promise<SessionList> {
  return callApi(api.account.sessions, { signal });
}

export const sessionsQueryOptions = queryOptions({
  queryKey: SESSIONS_QUERY_KEY,
  queryFn: ({ signal }) => getSessions(signal),
  // Where one is signed in changes without us: ask again whenever the list is shown.
  staleTime: 0,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
