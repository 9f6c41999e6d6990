import {
  isWelcomeCardAllowedByBrowser,
  isWelcomeCardAllowedByPlan,
  type WelcomeCardBrowserFacts,
  type WelcomeCardPlanFacts,
} from '@daybook/shared';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { readStoredString, removeStored, writeStoredString } from '../../lib/storage.ts';

/*
 * The browser's half of the welcome card (docs/product/plans-billing.md#plans-prompts; the rule is packages/shared domain/welcome-card.ts). No zod and
 * no React here: app/first-paint.ts, which runs before the page is drawn, reads it too.
 */

export function readWelcomeCardFacts(): WelcomeCardBrowserFacts {
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
  return isWelcomeCardAllowedByBrowser(readWelcomeCardFacts(), now);
}

/** Remembers whether the loaded plan rules the welcome card out, for the next visit's `mayWelcomeCardShow`. */
export function rememberWelcomeCardPlan(plan: WelcomeCardPlanFacts): void {
  if (isWelcomeCardAllowedByPlan(plan)) removeStored(STORAGE_KEYS.welcomeCardRuledOutByPlan);
  else writeStoredString(STORAGE_KEYS.welcomeCardRuledOutByPlan, 'true');
}

/** Back from checkout (`?success=true`) the plan is changing: the dashboard shows that, not the welcome card. */
export function isReturningFromCheckout(search: string): boolean {
  return new URLSearchParams(search).get('success') === 'true';
}

/** Dismissal is permanent (docs/product/plans-billing.md#plans-prompts). */
export function dismissWelcomeCard(): void {
  writeStoredString(STORAGE_KEYS.welcomeCardDismissed, 'true');
}
