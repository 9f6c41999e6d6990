import { z } from 'zod';
import { BILLING_MESSAGES, TEST_ACCOUNT_PLANS } from '../constants.ts';
import { PlanId } from './account.ts';
import { BillingInterval, Currency } from './pricing.ts';

/**
 * Plans and billing API contract (ADR 026). Paths (all JSON; errors are ApiError):
 *   GET  /api/billing/subscription          → SubscriptionStatus (the spec's check-subscription; web caches 5 min)
 *   PUT  /api/billing/intent                SetSubscriptionIntentInput → SubscriptionIntent (set_subscription_intent)
 *   POST /api/billing/checkout              CreateCheckoutInput → RedirectUrl (Stripe Checkout, or the local test checkout)
 *         404 PLAN_NOT_FOUND 'Plan not found'; 409 PLAN_NOT_AVAILABLE 'This plan is not available for purchase yet';
 *         409 ALREADY_SUBSCRIBED; 502 CHECKOUT_FAILED 'Failed to create checkout session' / 'Checkout failed: {message}'
 *   POST /api/billing/portal                → RedirectUrl (Stripe Customer Portal; local provider: /profile#subscription)
 *         404 NO_SUBSCRIPTION when there is no provider subscription
 *   POST /api/billing/cancel                → SubscriptionStatus (cancel at the period end)
 *   POST /api/billing/resume                → SubscriptionStatus (undo the cancel before the period ends)
 *   POST /api/billing/webhook               Stripe event (raw body, Stripe-Signature) → { received: true }; bad → 400
 *  Local provider only (no Stripe keys, never in production; otherwise 404):
 *   GET  /api/billing/local-checkout/:sessionId      → LocalCheckoutSession (the owner's only; others 404)
 *   POST /api/billing/local-checkout/:sessionId/pay  LocalCheckoutPayInput → RedirectUrl (success_url)
 *         402 CARD_DECLINED 'Your card was declined.'; 400 VALIDATION_FAILED for a malformed card
 *  Test tools (TEST_TOOLS on, direct requests from this machine only; otherwise 404):
 *   GET  /api/dev/test-accounts                       → TestAccountList
 *   POST /api/dev/test-accounts/:plan/sign-in         → TestAccount (sets the session cookie)
 * A plan change is sent on the live stream as { type: 'subscription' } plus an `account` notification.
 */

export const SubscriptionIntentValue = z.enum(['premium']).nullable();
export type SubscriptionIntentValue = z.infer<typeof SubscriptionIntentValue>;

/** Stripe's subscription statuses, plus 'inactive' for a user who never subscribed. */
export const SubscriptionState = z.enum([
  'inactive',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
]);
export type SubscriptionState = z.infer<typeof SubscriptionState>;

export const SubscriptionDetails = z.object({
  id: z.string().meta({ description: "The provider's subscription id" }),
  status: SubscriptionState,
  planId: PlanId,
  planName: z.string(),
  /** Minor units; null when the price is not one of ours (an operator's grant). */
  priceAmount: z.number().int().nullable(),
  currency: Currency.nullable(),
  interval: BillingInterval.nullable(),
  currentPeriodEnd: z.string().nullable(),
});
export type SubscriptionDetails = z.infer<typeof SubscriptionDetails>;

/** The spec's check-subscription answer, with the intent and billing cycle the dashboard reads alongside it. */
export const SubscriptionStatus = z
  .object({
    subscribed: z.boolean(),
    subscription: SubscriptionDetails.nullable(),
    currentPlan: PlanId,
    /** The plan's display name (Free, Basic, Premium). */
    currentPlanName: z.string(),
    subscriptionEndDate: z.string().nullable(),
    cancelAtPeriodEnd: z.boolean(),
    intent: SubscriptionIntentValue,
    billingCycle: BillingInterval,
    /** Whether a payment-provider subscription id is stored (the welcome card's condition). */
    hasProviderSubscription: z.boolean(),
    /** 'stripe', or 'local' for the test checkout that takes no money. */
    provider: z.enum(['stripe', 'local']),
  })
  .meta({ id: 'SubscriptionStatus' });
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

export const SetSubscriptionIntentInput = z
  .object({ intent: SubscriptionIntentValue, billingCycle: BillingInterval.default('month') })
  .meta({ id: 'SetSubscriptionIntentInput' });
export type SetSubscriptionIntentInput = z.input<typeof SetSubscriptionIntentInput>;

export const SubscriptionIntent = z
  .object({ intent: SubscriptionIntentValue, billingCycle: BillingInterval })
  .meta({ id: 'SubscriptionIntent' });
export type SubscriptionIntent = z.infer<typeof SubscriptionIntent>;

export const CreateCheckoutInput = z
  .object({
    interval: BillingInterval.default('month'),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(Currency)
      .optional()
      .meta({ description: 'The visitor currency; GBP is used when Premium has no price in it.' }),
  })
  .meta({ id: 'CreateCheckoutInput' });
export type CreateCheckoutInput = z.input<typeof CreateCheckoutInput>;

export const RedirectUrl = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });
export type RedirectUrl = z.infer<typeof RedirectUrl>;

export const LocalCheckoutSession = z
  .object({
    id: z.string(),
    status: z.enum(['open', 'complete', 'expired']),
    planId: PlanId,
    planName: z.string(),
    amount: z.number().int(),
    currency: Currency,
    interval: BillingInterval,
    /** Where "Cancel" goes back to. */
    cancelUrl: z.string(),
    testCards: z.object({ success: z.string(), declined: z.string() }),
  })
  .meta({ id: 'LocalCheckoutSession' });
export type LocalCheckoutSession = z.infer<typeof LocalCheckoutSession>;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

export const LocalCheckoutPayInput = z
  .object({
    cardNumber: z
      .string()
      .max(40)
      .transform(digitsOnly)
      .pipe(z.string().regex(/^\d{12,19}$/, BILLING_MESSAGES.cardNumberInvalid)),
    /** MM/YY (or MM/YYYY). */
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, BILLING_MESSAGES.expiryInvalid),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, BILLING_MESSAGES.cvcInvalid),
    name: z.string().trim().min(1, BILLING_MESSAGES.nameRequired).max(200),
  })
  .meta({ id: 'LocalCheckoutPayInput' });
export type LocalCheckoutPayInput = z.input<typeof LocalCheckoutPayInput>;

export const TestAccountPlan = z.enum(TEST_ACCOUNT_PLANS);
export type TestAccountPlan = z.infer<typeof TestAccountPlan>;

export const TestAccount = z
  .object({
    plan: TestAccountPlan,
    email: z.string(),
    fullName: z.string(),
    /** Whether the account has been created yet (it is created on first sign-in). */
    exists: z.boolean(),
  })
  .meta({ id: 'TestAccount' });
export type TestAccount = z.infer<typeof TestAccount>;

export const TestAccountList = z.object({ accounts: z.array(TestAccount) }).meta({ id: 'TestAccountList' });
export type TestAccountList = z.infer<typeof TestAccountList>;
