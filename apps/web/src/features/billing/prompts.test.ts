import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import {
  BANNER_SNOOZE_MS,
  isBannerSnoozed,
  isWelcomeCardShown,
  mayWelcomeCardShow,
  readBannerSnoozedUntil,
  rememberWelcomeCardPlan,
  snoozeBanner,
  storeUpgradeNotice,
  takeFreshUpgradeNotice,
  UPGRADE_NOTICE_MS,
  WELCOME_WINDOW_MS,
  type WelcomeCardFacts,
} from './prompts.ts';

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

afterEach(() => window.localStorage.clear());

describe('welcome card (spec §4: all six conditions)', () => {
  it('shows for a new Free user who chose Starter', () => {
    expect(isWelcomeCardShown(shown)).toBe(true);
  });

  it('shows when no registration date is stored (an older browser)', () => {
    expect(isWelcomeCardShown({ ...shown, registrationDate: null, registrationChoice: null })).toBe(true);
  });

  it.each<[string, Partial<WelcomeCardFacts>]>([
    ['dismissed', { isDismissed: true }],
    ['registration chose Premium', { registrationChoice: 'premium' }],
    ['the intent is premium', { intent: 'premium' }],
    ['a payment-provider subscription exists', { hasProviderSubscription: true }],
    ['the plan is Basic', { plan: 'basic' }],
    ['the plan is Premium', { plan: 'premium' }],
    [
      'registered more than 7 days ago',
      { registrationDate: new Date(NOW - WELCOME_WINDOW_MS - 1).toISOString() },
    ],
  ])('hides when %s', (_, change) => {
    expect(isWelcomeCardShown({ ...shown, ...change })).toBe(false);
  });

  it('still shows on the last moment of the 7-day window', () => {
    const registrationDate = new Date(NOW - WELCOME_WINDOW_MS).toISOString();
    expect(isWelcomeCardShown({ ...shown, registrationDate })).toBe(true);
  });
});

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

describe('premium banner snooze (24 h)', () => {
  it('is not snoozed without a stored time', () => {
    expect(isBannerSnoozed(null, NOW)).toBe(false);
  });

  it('"Remind me later" hides it for 24 hours, then it returns', () => {
    snoozeBanner(NOW);
    const until = readBannerSnoozedUntil();
    expect(window.localStorage.getItem(STORAGE_KEYS.premiumBannerDismissedUntil)).toBe(until);
    expect(isBannerSnoozed(until, NOW + BANNER_SNOOZE_MS - 1)).toBe(true);
    expect(isBannerSnoozed(until, NOW + BANNER_SNOOZE_MS)).toBe(false);
  });

  it('treats an unreadable value as not snoozed', () => {
    expect(isBannerSnoozed('soon', NOW)).toBe(false);
  });
});

describe('upgrade celebration window (5 min)', () => {
  it('keeps a notice under 5 minutes old', () => {
    storeUpgradeNotice('Premium', NOW);
    expect(takeFreshUpgradeNotice(NOW + UPGRADE_NOTICE_MS - 1)).toEqual({
      planName: 'Premium',
      timestamp: NOW,
    });
  });

  it('discards a notice 5 minutes old or older', () => {
    storeUpgradeNotice('Premium', NOW);
    expect(takeFreshUpgradeNotice(NOW + UPGRADE_NOTICE_MS)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.upgradeNotification)).toBeNull();
  });

  it('discards a malformed notice', () => {
    window.localStorage.setItem(STORAGE_KEYS.upgradeNotification, '{"planName":1}');
    expect(takeFreshUpgradeNotice(NOW)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.upgradeNotification)).toBeNull();
  });
});
