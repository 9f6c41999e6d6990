import type { PricingResponse } from '@daybook/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '../../test/render.tsx';
import { PRICING_CACHE } from '../constants.ts';
import { readCachedPricing, usePricing, writeCachedPricing } from './get-pricing.ts';

const NOW = new Date('2026-11-21T12:00:00Z').getTime();
const TEN_MINUTES = PRICING_CACHE.localStorageTtlMs;

const usdPricing: PricingResponse = {
  planId: 'premium',
  planName: 'Premium',
  currency: 'USD',
  monthly: { priceId: 'm', amount: 399, currency: 'USD', interval: 'month' },
  annual: { priceId: 'y', amount: 3990, currency: 'USD', interval: 'year' },
};

function renderPricingHook() {
  const client = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePricing(), { wrapper });
}

describe('pricing cache in localStorage', () => {
  it('is read back while younger than ten minutes', () => {
    writeCachedPricing('USD', usdPricing, NOW);
    expect(localStorage.getItem('pricing_v3_USD')).toContain('"timestamp"');
    expect(readCachedPricing('USD', NOW + TEN_MINUTES - 1)?.data).toEqual(usdPricing);
  });

  it('expires after ten minutes', () => {
    writeCachedPricing('USD', usdPricing, NOW);
    expect(readCachedPricing('USD', NOW + TEN_MINUTES)).toBeUndefined();
  });

  it('ignores damaged or foreign entries', () => {
    localStorage.setItem('pricing_v3_USD', '{not json');
    expect(readCachedPricing('USD', NOW)).toBeUndefined();
    localStorage.setItem('pricing_v3_USD', JSON.stringify({ timestamp: NOW, data: { amount: 1 } }));
    expect(readCachedPricing('USD', NOW)).toBeUndefined();
  });
});

describe('usePricing', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('uses a fresh cached copy without asking the server', async () => {
    writeCachedPricing('USD', usdPricing, NOW - 60_000);
    const { result } = renderPricingHook();
    expect(result.current.data).toEqual(usdPricing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server in the browser-locale currency when the copy has expired, and stores the answer', async () => {
    writeCachedPricing(
      'USD',
      { ...usdPricing, monthly: { ...usdPricing.monthly, amount: 1 } },
      NOW - TEN_MINUTES,
    );
    fetchMock.mockResolvedValue(jsonResponse(usdPricing));

    const { result } = renderPricingHook();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pricing?currency=USD');
    expect(result.current.data).toEqual(usdPricing);
    expect(readCachedPricing('USD', NOW)).toEqual({ timestamp: NOW, data: usdPricing });
  });
});
