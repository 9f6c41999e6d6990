import { BILLING_MESSAGES, BILLING_TIMINGS, type PlanId, type SubscriptionStatus } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createCheckout, setSubscriptionIntent, subscriptionQueryOptions } from './billing.ts';
import { toast } from './toast.ts';

/** For the login page, which loads this module only once someone has signed in. */
export { browserLocation, checkoutErrorMessage } from './billing.ts';

import { STORAGE_KEYS } from './constants.ts';
import { readStoredString, removeStored } from './storage.ts';

export type PlanRequest = 'free' | 'premium';

/** Where a request for a plan leads (docs/product/plans-billing.md#plans-checkout). */
export type CheckoutRoute = { kind: 'navigate'; to: string } | { kind: 'checkout' };

export function checkoutRoute(plan: PlanRequest, isSignedIn: boolean): CheckoutRoute {
  if (plan === 'free') return { kind: 'navigate', to: isSignedIn ? '/dashboard' : '/register' };
  if (!isSignedIn) return { kind: 'navigate', to: '/register?intent=premium' };
  return { kind: 'checkout' };
}

export type SignInFacts = {
  plan: PlanId;
  /** The intent the server holds. */
  intent: 'premium' | null;
  /** `?intent=premium` on the login page. */
  isPremiumRequested: boolean;
  /** registration_plan_choice in this browser. */
  registrationChoice: string | null;
};

/**
 * What a sign-in leads to (docs/product/plans-billing.md#plans-intent): checkout when Premium is wanted (asked for now,
 * kept by the server since registration, or recovered from this browser's registration choice) and the plan is
 * still Free. `recoverIntent` says the server's intent must be set again first.
 */
export function afterSignIn(facts: SignInFacts): { goToCheckout: boolean; recoverIntent: boolean } {
  if (facts.plan !== 'free') return { goToCheckout: false, recoverIntent: false };
  const isWanted =
    facts.isPremiumRequested || facts.intent === 'premium' || facts.registrationChoice === 'premium';
  return { goToCheckout: isWanted, recoverIntent: isWanted && facts.intent !== 'premium' };
}

export function readRegistrationChoice(): string | null {
  return readStoredString(STORAGE_KEYS.registrationPlanChoice);
}

/** After `success=true`: the intent is fulfilled, so this browser's Premium choice no longer asks for checkout. */
export function forgetRegistrationChoice(): void {
  if (readRegistrationChoice() === 'premium') removeStored(STORAGE_KEYS.registrationPlanChoice);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs after a successful sign-in. Resolves to the checkout address when the person is to go to checkout
 * (after the spec's 0.5 s), or null when the usual destination applies. Failures never block the sign-in: a lost
 * intent warns (docs/product/plans-billing.md#plans-intent), a checkout that cannot start is toasted and the dashboard offers it again.
 */
export async function checkoutAfterSignIn(
  status: SubscriptionStatus | undefined,
  isPremiumRequested: boolean,
): Promise<string | null> {
  if (!status) return null;
  const next = afterSignIn({
    plan: status.currentPlan,
    intent: status.intent,
    isPremiumRequested,
    registrationChoice: readRegistrationChoice(),
  });
  if (!next.goToCheckout) return null;
  if (next.recoverIntent) {
    try {
      await setSubscriptionIntent('premium', status.billingCycle);
    } catch {
      toast.warning(BILLING_MESSAGES.intentNotSaved);
    }
  }
  await wait(BILLING_TIMINGS.checkoutRedirectAfterSignUpMs);
  return createCheckout({ interval: status.billingCycle });
}

/**
 * After a sign-in, before the session is shown to the app: the checkout address when the person goes on to
 * checkout, else null. The status is read fresh (and cached for the dashboard); a failed read means Free with no
 * intent, and the usual destination.
 */
export async function checkoutAddressAfterSignIn(
  client: QueryClient,
  isPremiumRequested: boolean,
): Promise<string | null> {
  let status: SubscriptionStatus | undefined;
  try {
    status = await client.fetchQuery({ ...subscriptionQueryOptions, staleTime: 0, retry: false });
  } catch {
    status = undefined;
  }
  return checkoutAfterSignIn(status, isPremiumRequested);
}
