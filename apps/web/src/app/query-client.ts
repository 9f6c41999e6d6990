import { MutationCache, QueryCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isSessionGone } from '../lib/api-client.ts';
import { shouldRetryQuery } from '../lib/query-retry.ts';
import { expireSession } from '../lib/session/session-state.ts';

const DEFAULT_STALE_MS = 5 * 60_000;

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
        retry: (failureCount, error) => shouldRetryQuery(failureCount, error),
        // docs/product/shell.md#shell-timings: no refetch on window focus. The one exception is the session (get-session.ts), re-checked when
        // the tab comes back so a session ended elsewhere is noticed: a recorded decision, ADR 010.
        refetchOnWindowFocus: false,
        ...overrides.queries,
      },
      mutations: { ...overrides.mutations },
    },
  });
  return client;
}
