import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';

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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
    },
  });
}
