import type { PricingResponse } from '@daybook/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render.tsx';
import { PricingBlock } from './PricingBlock.tsx';

const usdPricing: PricingResponse = {
  planId: 'premium',
  planName: 'Premium',
  currency: 'USD',
  monthly: { priceId: 'm', amount: 399, currency: 'USD', interval: 'month' },
  annual: { priceId: 'y', amount: 3990, currency: 'USD', interval: 'year' },
};

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
      '/register?intent=premium&billing=year',
    );
  });
});
