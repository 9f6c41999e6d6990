import type { PlanId } from '@daybook/shared';
import { z } from 'zod';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import {
  readStoredJson,
  readStoredString,
  removeStored,
  writeStoredJson,
  writeStoredString,
} from '../../lib/storage.ts';

/** Spec §9: welcome window 7 days; banner snooze 24 h; upgrade notice valid 5 min. */
export const WELCOME_WINDOW_MS = 7 * 24 * 60 * 60_000;
export const BANNER_SNOOZE_MS = 24 * 60 * 60_000;
export const UPGRADE_NOTICE_MS = 5 * 60_000;

export type WelcomeCardFacts = {
  isDismissed: boolean;
  registrationChoice: string | null;
  intent: 'premium' | null;
  hasProviderSubscription: boolean;
  plan: PlanId;
  /** registration_date as stored, or null when none is stored. */
  registrationDate: string | null;
  now: number;
};

/**
 * Spec §4: the welcome card shows only if all hold: not dismissed; the registration choice is not premium; the
 * intent is not premium; no payment-provider subscription id; the plan is Free; registered within 7 days (when a
 * date is stored).
 */
export function isWelcomeCardShown(facts: WelcomeCardFacts): boolean {
  if (facts.isDismissed) return false;
  if (facts.registrationChoice === 'premium') return false;
  if (facts.intent === 'premium') return false;
  if (facts.hasProviderSubscription) return false;
  if (facts.plan !== 'free') return false;
  if (facts.registrationDate !== null) {
    const registeredAt = Date.parse(facts.registrationDate);
    if (Number.isNaN(registeredAt) || facts.now - registeredAt > WELCOME_WINDOW_MS) return false;
  }
  return true;
}

export function readWelcomeCardFacts(): Pick<
  WelcomeCardFacts,
  'isDismissed' | 'registrationChoice' | 'registrationDate'
> {
  return {
    isDismissed: readStoredString(STORAGE_KEYS.welcomeCardDismissed) === 'true',
    registrationChoice: readStoredString(STORAGE_KEYS.registrationPlanChoice),
    registrationDate: readStoredString(STORAGE_KEYS.registrationDate),
  };
}

/**
 * Whether the welcome card can still show, from what this browser knows alone, before the plan is loaded: the
 * facts stored here, and whether the plan last loaded here ruled it out. Only the room held for the card follows
 * this; the card itself always follows the loaded plan.
 */
export function mayWelcomeCardShow(now: number = Date.now()): boolean {
  if (readStoredString(STORAGE_KEYS.welcomeCardRuledOutByPlan) === 'true') return false;
  return isWelcomeCardShown({
    ...readWelcomeCardFacts(),
    intent: null,
    hasProviderSubscription: false,
    plan: 'free',
    now,
  });
}

/** Remembers whether the loaded plan rules the welcome card out, for the next visit's `mayWelcomeCardShow`. */
export function rememberWelcomeCardPlan(
  facts: Pick<WelcomeCardFacts, 'intent' | 'hasProviderSubscription' | 'plan'>,
): void {
  const isRuledOut = facts.intent === 'premium' || facts.hasProviderSubscription || facts.plan !== 'free';
  if (isRuledOut) writeStoredString(STORAGE_KEYS.welcomeCardRuledOutByPlan, 'true');
  else removeStored(STORAGE_KEYS.welcomeCardRuledOutByPlan);
}

/** Dismissal is permanent (spec §4). */
export function dismissWelcomeCard(): void {
  writeStoredString(STORAGE_KEYS.welcomeCardDismissed, 'true');
}

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
