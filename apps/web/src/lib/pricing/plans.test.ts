import type { PricingResponse } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { premiumPriceView } from './plans.ts';

const pricing: PricingResponse = {
  planId: 'premium',
  planName: 'Premium',
  currency: 'GBP',
  monthly: { priceId: 'm', amount: 299, currency: 'GBP', interval: 'month' },
  annual: { priceId: 'y', amount: 2990, currency: 'GBP', interval: 'year' },
};

describe('premiumPriceView', () => {
  it('shows the monthly price', () => {
    expect(premiumPriceView(pricing, 'month', 'en-GB')).toEqual({
      price: '£2.99',
      period: '/month',
      isFallback: false,
    });
  });

  it('shows the annual price with its monthly equivalent and saving', () => {
    expect(premiumPriceView(pricing, 'year', 'en-GB')).toEqual({
      price: '£29.90',
      period: '/year',
      detail: "That's £2.49 a month",
      savingPercent: 17,
      isFallback: false,
    });
  });

  it('formats yen without decimals', () => {
    const yen: PricingResponse = {
      ...pricing,
      currency: 'JPY',
      monthly: { priceId: 'm', amount: 600, currency: 'JPY', interval: 'month' },
      annual: null,
    };
    expect(premiumPriceView(yen, 'month', 'ja-JP').price).toMatch(/^[¥￥]600$/);
  });

  it('keeps the monthly price when no annual price exists', () => {
    const view = premiumPriceView({ ...pricing, annual: null }, 'year', 'en-GB');
    expect(view.price).toBe('£2.99');
    expect(view.period).toBe('/month');
    expect(view.detail).toMatch(/annual billing is not offered/i);
  });

  it('falls back to £2.99 a month without pricing data', () => {
    for (const billing of ['month', 'year'] as const) {
      const view = premiumPriceView(undefined, billing, 'en-GB');
      expect(view).toMatchObject({ price: '£2.99', period: '/month', isFallback: true });
    }
  });
});
