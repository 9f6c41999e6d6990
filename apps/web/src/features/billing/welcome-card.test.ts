import { WELCOME_WINDOW_MS } from '@daybook/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { mayWelcomeCardShow, rememberWelcomeCardPlan } from './welcome-card.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

afterEach(() => window.localStorage.clear());

describe('welcome card room while the plan loads (ADR 046)', () => {
  it('is held in a browser that knows nothing yet, or a registration within 7 days', () => {
    expect(mayWelcomeCardShow(NOW)).toBe(true);
    window.localStorage.setItem(STORAGE_KEYS.registrationDate, new Date(NOW - 60_000).toISOString());
    expect(mayWelcomeCardShow(NOW)).toBe(true);
  });

  it.each<[string, string, string]>([
    ['dismissed', STORAGE_KEYS.welcomeCardDismissed, 'true'],
    ['registration chose Premium', STORAGE_KEYS.registrationPlanChoice, 'premium'],
    [
      'registered over 7 days ago',
      STORAGE_KEYS.registrationDate,
      new Date(NOW - WELCOME_WINDOW_MS - 1).toISOString(),
    ],
  ])('is not held when this browser already rules the card out: %s', (_, key, value) => {
    window.localStorage.setItem(key, value);
    expect(mayWelcomeCardShow(NOW)).toBe(false);
  });

  it('is not held after a plan that rules the card out was loaded here, and held again after a Free one', () => {
    rememberWelcomeCardPlan({ plan: 'premium', intent: null, hasProviderSubscription: true });
    expect(mayWelcomeCardShow(NOW)).toBe(false);
    rememberWelcomeCardPlan({ plan: 'free', intent: 'premium', hasProviderSubscription: false });
    expect(mayWelcomeCardShow(NOW)).toBe(false);
    rememberWelcomeCardPlan({ plan: 'free', intent: null, hasProviderSubscription: false });
    expect(mayWelcomeCardShow(NOW)).toBe(true);
  });
});
