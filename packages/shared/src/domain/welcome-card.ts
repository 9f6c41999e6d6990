import type { PlanId } from '../schemas/account.ts';

/** docs/product/plans-billing.md#plans-prompts: the welcome window is 7 days. */
export const WELCOME_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * What decides the welcome card. The plan's facts (`intent`, `hasProviderSubscription`, `plan`) are the server's;
 * the others are kept by the browser (docs/product/shell.md#shell-local-storage), so only the browser knows them all.
 */
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

export type WelcomeCardPlanFacts = Pick<WelcomeCardFacts, 'intent' | 'hasProviderSubscription' | 'plan'>;
export type WelcomeCardBrowserFacts = Pick<
  WelcomeCardFacts,
  'isDismissed' | 'registrationChoice' | 'registrationDate'
>;

/**
 * docs/product/plans-billing.md#plans-prompts: the welcome card shows only if all hold: not dismissed; the registration choice is not premium; the
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

/** Whether the plan leaves the card possible: what the server can tell, knowing nothing of the browser. */
export function isWelcomeCardAllowedByPlan(plan: WelcomeCardPlanFacts, now: number = Date.now()): boolean {
  return isWelcomeCardShown({
    ...plan,
    isDismissed: false,
    registrationChoice: null,
    registrationDate: null,
    now,
  });
}

/** Whether the browser's facts leave the card possible: what the browser can tell before the plan is known. */
export function isWelcomeCardAllowedByBrowser(
  browser: WelcomeCardBrowserFacts,
  now: number = Date.now(),
): boolean {
  return isWelcomeCardShown({ ...browser, intent: null, hasProviderSubscription: false, plan: 'free', now });
}
