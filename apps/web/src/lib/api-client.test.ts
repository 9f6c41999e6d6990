import { PricingResponse } from '@daybook/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiRequestError, apiRequest, NETWORK_ERROR_MESSAGE } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();
const pricing = {
  planId: 'p',
  planName: 'Premium',
  currency: 'GBP',
  monthly: { priceId: 'm', amount: 299, currency: 'GBP', interval: 'month' },
  annual: null,
};

async function caught(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('apiRequest', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('returns the answer parsed with its schema and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(jsonResponse(pricing));
    await expect(apiRequest('/api/pricing', { schema: PricingResponse })).resolves.toEqual(pricing);

    fetchMock.mockResolvedValue(jsonResponse(pricing));
    await apiRequest('/api/x', { schema: PricingResponse, method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[1]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("turns the server's error body into an ApiRequestError with code and fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'VALIDATION_FAILED', message: 'Invalid', fields: { email: 'Bad e-mail' } }, 400),
    );
    const error = await caught(apiRequest('/api/contact', { schema: PricingResponse }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid' });
    expect(error.fields).toEqual({ email: 'Bad e-mail' });
  });

  it('reports an unreachable server and a non-JSON failure plainly', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await caught(apiRequest('/api/health', { schema: PricingResponse }));
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });

    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const gateway = await caught(apiRequest('/api/health', { schema: PricingResponse }));
    expect(gateway).toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('refuses an answer that does not match the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ unexpected: true }));
    const error = await caught(apiRequest('/api/pricing', { schema: PricingResponse }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });
});
