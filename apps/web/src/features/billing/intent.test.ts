import { describe, expect, it } from 'vitest';
import { afterSignIn, checkoutRoute } from '../../lib/billing-intent.ts';

describe('checkout routing (docs/product/plans-billing.md#plans-checkout)', () => {
  it('Free: the dashboard when signed in, otherwise registration', () => {
    expect(checkoutRoute('free', true)).toEqual({ kind: 'navigate', to: '/dashboard' });
    expect(checkoutRoute('free', false)).toEqual({ kind: 'navigate', to: '/register' });
  });

  it('Premium while signed out goes to /register?intent=premium', () => {
    expect(checkoutRoute('premium', false)).toEqual({ kind: 'navigate', to: '/register?intent=premium' });
  });

  it('Premium while signed in starts checkout (never back to /pricing)', () => {
    expect(checkoutRoute('premium', true)).toEqual({ kind: 'checkout' });
  });
});

describe('after sign-in (docs/product/plans-billing.md#plans-intent subscription intent)', () => {
  const base = { plan: 'free' as const, intent: null, isPremiumRequested: false, registrationChoice: null };

  it('goes on as usual with no Premium wanted', () => {
    expect(afterSignIn(base)).toEqual({ goToCheckout: false, recoverIntent: false });
  });

  it('goes to checkout when the server kept the intent through e-mail confirmation', () => {
    expect(afterSignIn({ ...base, intent: 'premium' })).toEqual({ goToCheckout: true, recoverIntent: false });
  });

  it('recovers a lost intent from this browser’s registration choice', () => {
    expect(afterSignIn({ ...base, registrationChoice: 'premium' })).toEqual({
      goToCheckout: true,
      recoverIntent: true,
    });
  });

  it('follows ?intent=premium on the login page', () => {
    expect(afterSignIn({ ...base, isPremiumRequested: true })).toEqual({
      goToCheckout: true,
      recoverIntent: true,
    });
  });

  it('never sends a paying member to checkout', () => {
    for (const plan of ['basic', 'premium'] as const) {
      expect(afterSignIn({ ...base, plan, intent: 'premium', isPremiumRequested: true })).toEqual({
        goToCheckout: false,
        recoverIntent: false,
      });
    }
  });
});
