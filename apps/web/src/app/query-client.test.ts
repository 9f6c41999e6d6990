import { describe, expect, it } from 'vitest';
import { ApiRequestError, isSessionGone } from '../lib/api-client.ts';
import { shouldRetryQuery } from '../lib/query-retry.ts';

const apiError = (status: number, message = 'Failed') => new ApiRequestError({ status, code: 'X', message });

describe('shouldRetryQuery', () => {
  it('retries other failures up to twice', () => {
    const error = new Error('Network down');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('retries once where a query asks for it (the profile, docs/product/dashboard.md#dashboard-errors)', () => {
    expect(shouldRetryQuery(0, new Error('Network down'), 1)).toBe(true);
    expect(shouldRetryQuery(1, new Error('Network down'), 1)).toBe(false);
  });

  it('never retries errors that mention auth or 401 (docs/product/dashboard.md#dashboard-errors)', () => {
    expect(shouldRetryQuery(0, new Error('User not authenticated'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('Authentication Error'))).toBe(false);
    expect(shouldRetryQuery(0, new Error('Request failed with 401'))).toBe(false);
  });

  it('does not retry answers such as 404, but does retry 408, 429 and server errors', () => {
    expect(shouldRetryQuery(0, apiError(404, 'Premium plan not found'))).toBe(false);
    expect(shouldRetryQuery(0, apiError(408))).toBe(true);
    expect(shouldRetryQuery(0, apiError(429))).toBe(true);
    expect(shouldRetryQuery(0, apiError(503))).toBe(true);
  });
});

describe('isSessionGone', () => {
  it('is a 401 from a signed-in call, not a failed sign-in', () => {
    expect(isSessionGone(apiError(401, 'Not authenticated'))).toBe(true);
    expect(
      isSessionGone(new ApiRequestError({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid' })),
    ).toBe(false);
    expect(isSessionGone(apiError(403))).toBe(false);
  });
});
