import { z } from 'zod';
import {
  CreateCheckoutInput,
  LocalCheckoutPayInput,
  LocalCheckoutSession,
  RedirectUrl,
  SetSubscriptionIntentInput,
  SubscriptionIntent,
  SubscriptionStatus,
  TestAccount,
  TestAccountList,
  TestAccountPlan,
} from '../schemas/billing.ts';
import type { Endpoint } from './endpoint.ts';

/** The billing module's operations (apps/server/src/modules/billing; the contract is schemas/billing.ts). */

/** Session ids are ours (`cs_local_<hex>`): anything else, NUL included, never reaches the database (fuzz finding). */
const SessionId = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'Unknown checkout session'),
});

/** Stripe's events, only with the Stripe provider; the body is read raw (its signature covers the exact bytes). */
export const webhook = {
  method: 'POST',
  path: '/api/billing/webhook',
  response: z.object({ received: z.literal(true) }),
} as const satisfies Endpoint;

export const subscription = {
  method: 'GET',
  path: '/api/billing/subscription',
  response: SubscriptionStatus,
} as const satisfies Endpoint;

export const setIntent = {
  method: 'PUT',
  path: '/api/billing/intent',
  body: SetSubscriptionIntentInput,
  response: SubscriptionIntent,
} as const satisfies Endpoint;

export const checkout = {
  method: 'POST',
  path: '/api/billing/checkout',
  body: CreateCheckoutInput,
  response: RedirectUrl,
} as const satisfies Endpoint;

export const portal = {
  method: 'POST',
  path: '/api/billing/portal',
  response: RedirectUrl,
} as const satisfies Endpoint;

export const cancel = {
  method: 'POST',
  path: '/api/billing/cancel',
  response: SubscriptionStatus,
} as const satisfies Endpoint;

export const resume = {
  method: 'POST',
  path: '/api/billing/resume',
  response: SubscriptionStatus,
} as const satisfies Endpoint;

/** The local test checkout: only with the local provider, and only from this machine. */
export const localCheckout = {
  method: 'GET',
  path: '/api/billing/local-checkout/:sessionId',
  params: SessionId,
  response: LocalCheckoutSession,
} as const satisfies Endpoint;

export const payLocalCheckout = {
  method: 'POST',
  path: '/api/billing/local-checkout/:sessionId/pay',
  params: SessionId,
  body: LocalCheckoutPayInput,
  response: RedirectUrl,
} as const satisfies Endpoint;

/** The test account picker: only with TEST_TOOLS on, and only from this machine. */
export const testAccounts = {
  method: 'GET',
  path: '/api/dev/test-accounts',
  response: TestAccountList,
} as const satisfies Endpoint;

export const signInTestAccount = {
  method: 'POST',
  path: '/api/dev/test-accounts/:plan/sign-in',
  params: z.object({ plan: TestAccountPlan }),
  response: TestAccount,
} as const satisfies Endpoint;
