import { api, type SessionResponse } from '@daybook/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../api-client.ts';
import { readOfflineUser, rememberOfflineUser } from './offline-user.ts';
import { currentSessionUser, expireSession, SESSION_QUERY_KEY } from './session-state.ts';

/** docs/product/accounts.md#accounts-sessions: auth user 5 min stale, 10 min kept. */
export const SESSION_STALE_MS = 5 * 60_000;
export const SESSION_GC_MS = 10 * 60_000;
/** A session ended elsewhere (an admin, another device) is noticed within a minute. */
export const SESSION_POLL_MS = 60_000;

/**
 * The session as the server sees it. Without a network, the user this tab last saw signed in, so that the
 * installed app opens and the quick entry card can queue an entry offline (ADR 041); the next answer from
 * the server (it is asked again when the tab regains focus or the network) replaces it.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  try {
    const session = await callApi(api.auth.session, { signal });
    rememberOfflineUser(session.user);
    return session;
  } catch (error) {
    const offlineUser = error instanceof ApiRequestError && error.status === 0 ? readOfflineUser() : null;
    if (offlineUser) return { user: offlineUser };
    throw error;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: async ({ client, signal }) => {
    const wasSignedIn = currentSessionUser(client) !== null;
    const session = await getSession(signal);
    // Signed in a moment ago, signed out now: the session was ended somewhere else.
    if (wasSignedIn && !session.user) expireSession(client);
    return session;
  },
  staleTime: SESSION_STALE_MS,
  gcTime: SESSION_GC_MS,
  // Only a signed-in tab needs to watch its session; a visitor's tab stays quiet.
  refetchInterval: (query) => (query.state.data?.user ? SESSION_POLL_MS : false),
  // Coming back to the tab checks at once, however fresh the cached answer is.
  refetchOnWindowFocus: 'always',
  refetchOnReconnect: 'always',
});

/** The signed-in user, `null` for a visitor; `isPending` until the first answer. */
export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return { ...query, user: query.data?.user ?? null };
}
