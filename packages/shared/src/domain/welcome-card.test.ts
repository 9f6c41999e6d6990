import { describe, expect, it } from 'vitest';
import {
  isWelcomeCardAllowedByBrowser,
  isWelcomeCardAllowedByPlan,
  isWelcomeCardShown,
  WELCOME_WINDOW_MS,
  type WelcomeCardFacts,
} from './welcome-card.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const shown: WelcomeCardFacts = {
  isDismissed: false,
  registrationChoice: 'free',
  intent: null,
  hasProviderSubscription: false,
  plan: 'free',
  registrationDate: new Date(NOW - 60_000).toISOString(),
  now: NOW,
};

describe('welcome card (docs/product/plans-billing.md#plans-prompts: all six conditions)', () => {
  it('shows for a new Free user who chose Starter', () => {
    expect(isWelcomeCardShown(shown)).toBe(true);
  });

  it('shows when no registration date is stored (an older browser)', () => {
    expect(isWelcomeCardShown({ ...shown, registrationDate: null, registrationChoice: null })).toBe(true);
  });

  it.each<[string, Partial<WelcomeCardFacts>]>([
    ['dismissed', { isDismissed: true }],
    ['registration chose Premium', { registrationChoice: 'premium' }],
    ['intent is Premium', { intent: 'premium' }],
    ['a provider subscription exists', { hasProviderSubscription: true }],
    ['the plan is Basic', { plan: 'basic' }],
    ['registered over 7 days ago', { registrationDate: new Date(NOW - WELCOME_WINDOW_MS - 1).toISOString() }],
    ['the stored date is not a date', { registrationDate: 'soon' }],
  ])('hides when %s', (_, change) => {
    expect(isWelcomeCardShown({ ...shown, ...change })).toBe(false);
  });

  it('still shows at exactly 7 days', () => {
    const registrationDate = new Date(NOW - WELCOME_WINDOW_MS).toISOString();
    expect(isWelcomeCardShown({ ...shown, registrationDate })).toBe(true);
  });
});

describe('the halves of the rule that the server and the browser each know', () => {
  it('the plan allows it only on Free, without a provider subscription or a Premium intent', () => {
    const free = { plan: 'free', intent: null, hasProviderSubscription: false } as const;
    expect(isWelcomeCardAllowedByPlan(free, NOW)).toBe(true);
    expect(isWelcomeCardAllowedByPlan({ ...free, plan: 'premium' }, NOW)).toBe(false);
    expect(isWelcomeCardAllowedByPlan({ ...free, intent: 'premium' }, NOW)).toBe(false);
    expect(isWelcomeCardAllowedByPlan({ ...free, hasProviderSubscription: true }, NOW)).toBe(false);
  });

  it('the browser allows it unless dismissed, chosen Premium at registration or registered over 7 days ago', () => {
    const fresh = { isDismissed: false, registrationChoice: null, registrationDate: null };
    expect(isWelcomeCardAllowedByBrowser(fresh, NOW)).toBe(true);
    expect(isWelcomeCardAllowedByBrowser({ ...fresh, isDismissed: true }, NOW)).toBe(false);
    expect(isWelcomeCardAllowedByBrowser({ ...fresh, registrationChoice: 'premium' }, NOW)).toBe(false);
    const longAgo = new Date(NOW - WELCOME_WINDOW_MS - 1).toISOString();
    expect(isWelcomeCardAllowedByBrowser({ ...fresh, registrationDate: longAgo }, NOW)).toBe(false);
  });
});
