import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripePrices, subscriptionPlans } from '../src/db/schema/index.ts';
import { useTestApp } from './support/app.ts';

describe('GET /api/pricing', () => {
  const ctx = useTestApp();

  it('returns the seeded Premium prices in the requested currency, in minor units', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricing?currency=usd' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      planName: 'Premium',
      currency: 'USD',
      monthly: { amount: 399, currency: 'USD', interval: 'month' },
      annual: { amount: 3990, currency: 'USD', interval: 'year' },
    });
  });

  it('keeps yen whole', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricing?currency=JPY' });
    expect(response.json().monthly).toMatchObject({ amount: 600, currency: 'JPY' });
  });

  it('falls back to GBP when the currency has no active price', async () => {
    await ctx.database.db
      .update(stripePrices)
      .set({ isActive: false })
      .where(eq(stripePrices.currency, 'CAD'));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricing?currency=CAD' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      currency: 'GBP',
      requestedCurrency: 'CAD',
      monthly: { amount: 299 },
    });
  });

  it('rejects an unsupported currency with a typed 400', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricing?currency=XYZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('says "Premium plan not found" when the plan is inactive', async () => {
    await ctx.database.db.update(subscriptionPlans).set({ isActive: false });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'PLAN_NOT_FOUND', message: 'Premium plan not found' });
    await ctx.database.db.update(subscriptionPlans).set({ isActive: true });
  });

  it('says "No pricing data available" when no price is active', async () => {
    await ctx.database.db.update(stripePrices).set({ isActive: false });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/pricing?currency=GBP' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NO_PRICING_DATA', message: 'No pricing data available' });
  });
});
