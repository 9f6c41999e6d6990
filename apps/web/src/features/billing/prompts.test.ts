import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import {
  BANNER_SNOOZE_MS,
  isBannerSnoozed,
  readBannerSnoozedUntil,
  snoozeBanner,
  storeUpgradeNotice,
  takeFreshUpgradeNotice,
  UPGRADE_NOTICE_MS,
} from './prompts.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');

afterEach(() => window.localStorage.clear());

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
