import { PRICING_CACHE, type PricingResponse } from '@daybook/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PricingBlock } from '../components/PricingBlock.tsx';
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

describe('PricingBlock', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn<typeof fetch>()));

  it('shows a skeleton, then the fallback £2.99/month when pricing cannot be loaded', async () => {
    vi.mocked(fetch).mockResolvedValue(
      jsonResponse({ code: 'NO_PRICING_DATA', message: 'No pricing data available' }, 404),
    );
    renderWithProviders(<PricingBlock />);

    expect(await screen.findByText('Loading price…')).toBeTruthy();
    expect(await screen.findByText('£2.99')).toBeTruthy();
    expect(screen.getByText('/month')).toBeTruthy();
  });

  it('switches between monthly and annual prices and flags annual as best value', async () => {
    vi.mocked(fetch).mockResolvedValue(jsonResponse(usdPricing));
    renderWithProviders(<PricingBlock />);

    const group = screen.getByRole('radiogroup', { name: 'Billing period' });
    const annual = screen.getByRole('radio', { name: 'Annual' });
    expect(group.contains(annual)).toBe(true);
    expect(annual.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(annual.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'BEST VALUE',
    );

    expect(await screen.findByText('$3.99')).toBeTruthy();
    fireEvent.click(annual);
    expect(annual.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('$39.90')).toBeTruthy();
    expect(screen.getByText('/year')).toBeTruthy();
    expect(screen.getByText('Save 17%')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Go Premium' }).getAttribute('href')).toBe(
      '/register?intent=premium',
    );
  });
});
