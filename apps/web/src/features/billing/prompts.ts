import { z } from 'zod';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import {
  readStoredJson,
  readStoredString,
  removeStored,
  writeStoredJson,
  writeStoredString,
} from '../../lib/storage.ts';

/** docs/product/plans-billing.md#plans-prompts: banner snooze 24 h; upgrade notice valid 5 min. */
export const BANNER_SNOOZE_MS = 24 * 60 * 60_000;
export const UPGRADE_NOTICE_MS = 5 * 60_000;

/** premium_banner_dismissed_until holds an ISO time; the banner stays hidden until then. */
export function isBannerSnoozed(storedUntil: string | null, now: number): boolean {
  if (!storedUntil) return false;
  const until = Date.parse(storedUntil);
  return !Number.isNaN(until) && now < until;
}

export function snoozeBanner(now: number = Date.now()): void {
  writeStoredString(STORAGE_KEYS.premiumBannerDismissedUntil, new Date(now + BANNER_SNOOZE_MS).toISOString());
}

export function readBannerSnoozedUntil(): string | null {
  return readStoredString(STORAGE_KEYS.premiumBannerDismissedUntil);
}

export const UpgradeNotice = z.object({ planName: z.string().min(1), timestamp: z.number() });
export type UpgradeNotice = z.infer<typeof UpgradeNotice>;

/** The stored upgrade notice when it is under 5 minutes old; an older (or unreadable) one is discarded. */
export function takeFreshUpgradeNotice(now: number = Date.now()): UpgradeNotice | null {
  const notice = readStoredJson(STORAGE_KEYS.upgradeNotification, UpgradeNotice);
  if (notice && isUpgradeNoticeFresh(notice, now)) return notice;
  removeStored(STORAGE_KEYS.upgradeNotification);
  return null;
}

export function isUpgradeNoticeFresh(notice: UpgradeNotice, now: number): boolean {
  const age = now - notice.timestamp;
  return age >= 0 && age < UPGRADE_NOTICE_MS;
}

export function storeUpgradeNotice(planName: string, now: number = Date.now()): void {
  writeStoredJson(STORAGE_KEYS.upgradeNotification, { planName, timestamp: now } satisfies UpgradeNotice);
}

export function clearUpgradeNotice(): void {
  removeStored(STORAGE_KEYS.upgradeNotification);
}
