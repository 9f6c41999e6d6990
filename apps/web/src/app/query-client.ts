import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';
import { expireSession } from '../lib/session/session-state.ts';

const MAX_RETRIES = 2;
const DEFAULT_STALE_MS = 5 * 60_000;

/**
 * Spec §8: no retry when the error mentions auth or 401, otherwise up to 2 retries.
 * Other client errors (4xx) are answers, not accidents, so they are not retried either —
 * except 408 and 429, which say "try again later".
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const message = error instanceof Error ? error.message : String(error);
  if (/auth|401/i.test(message)) return false;
  if (error instanceof ApiRequestError) {
    const isClientError = error.status >= 400 && error.status < 500;
    if (isClientError && error.status !== 408 && error.status !== 429) return false;
  }
  return true;
}

/**
 * A signed-in call answered 401: the session has ended. A failed sign-in is also a 401,
 * but it is an answer about the password, not about a session.
 */
export function isSessionGone(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401 && error.code !== 'INVALID_CREDENTIALS';
}

type QueryDefaults = NonNullable<QueryClientConfig['defaultOptions']>;

/**
 * The app's query client. Any query or mutation that finds the session gone forgets the
 * user's data and says so; the route guard then sends the person to /login?redirect=….
 */
export function createQueryClient(overrides: QueryDefaults = {}): QueryClient {
  const onError = (error: unknown) => {
    if (isSessionGone(error)) expireSession(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        ...overrides.queries,
      },
      mutations: { ...overrides.mutations },
    },
  });
  return client;
}
