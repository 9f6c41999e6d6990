import { api, type Streak } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { companionKeys } from './query-keys.ts';

/** docs/product/dashboard.md#dashboard-streak: streak 30 s. */
export const STREAK_STALE_MS = 30_000;

export function getStreak(signal?: AbortSignal): Promise<Streak> {
  return callApi(api.companions.streak, { signal });
}

export function streakQueryOptions(userId: string) {
  return queryOptions({
    queryKey: companionKeys.streak(userId),
    queryFn: ({ signal }) => getStreak(signal),
    staleTime: STREAK_STALE_MS,
  });
}

/** The signed-in user's streak, counted by the server in their time zone. */
export function useStreak() {
  const { user } = useSession();
  return useQuery({ ...streakQueryOptions(user?.id ?? ''), enabled: Boolean(user) });
}
