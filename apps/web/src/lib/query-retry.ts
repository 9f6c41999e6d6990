import { ApiRequestError } from './api-client.ts';

/** docs/product/dashboard.md#dashboard-errors: up to 2 retries by default. */
export const MAX_QUERY_RETRIES = 2;

/**
 * docs/product/dashboard.md#dashboard-errors: no retry when the error mentions auth or 401, otherwise up to `maxRetries` (2 by default; the
 * profile retries once). Other client errors (4xx) are answers, not accidents, so they are not retried
 * either — except 408 and 429, which say "try again later".
 */
export function shouldRetryQuery(
  failureCount: number,
  error: unknown,
  maxRetries = MAX_QUERY_RETRIES,
): boolean {
  if (failureCount >= maxRetries) return false;
  const message = error instanceof Error ? error.message : String(error);
  if (/auth|401/i.test(message)) return false;
  if (error instanceof ApiRequestError) {
    const isClientError = error.status >= 400 && error.status < 500;
    if (isClientError && error.status !== 408 && error.status !== 429) return false;
  }
  return true;
}
