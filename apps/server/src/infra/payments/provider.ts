/**
 * The payments interface (ADR 026). Two providers implement it: Stripe (infra/payments/stripe.ts) and the local
 * test checkout (modules/billing/local-provider.ts). Subscription changes reach the billing service as
 * Stripe-shaped events, whichever provider made them, so both take the same code path.
 */

/** The part of a Stripe subscription object the billing service reads. */
export type ProviderSubscription = {
  id: string;
  customer: string | { id: string } | null;
  status: string;
  cancel_at_period_end: boolean;
  metadata?: Record<string, string> | null;
  items: { data: Array<{ price: { id: string }; current_period_end?: number | null }> };
  /** Older API versions carried it on the subscription itself. */
  current_period_end?: number | null;
};

/** The part of a Stripe Checkout Session the billing service reads. */
export type ProviderCheckoutSession = {
  id: string;
  mode?: string | null;
  client_reference_id: string | null;
  customer: string | { id: string } | null;
  subscription: string | { id: string } | null;
  metadata?: Record<string, string> | null;
};

/** The part of a Stripe invoice the billing service reads. */
export type ProviderInvoice = {
  id: string;
  customer: string | { id: string } | null;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription: string | { id: string } } | null } | null;
};

/** A Stripe event, narrowed to the types the billing service handles; any other type is recorded and ignored. */
export type ProviderEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch, as Stripe sends it. */
  created: number;
  data: { object: unknown };
};

export type CheckoutRequest = {
  userId: string;
  email: string;
  customerId: string | null;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
};

export type PaymentsProvider = {
  kind: 'stripe' | 'local';
  /** A Checkout Session in subscription mode; the browser goes to `url`. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string }>;
  /** A Customer Portal session (card updates, cancellation). */
  createPortal(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Cancel at the period end (true) or undo that (false); the change arrives as an event. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription | null>;
  /** Ends a subscription now (the account purge). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** The provider's current state of a subscription, or null when it does not keep one apart from ours. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
};

/** A Stripe id field that may be expanded into its object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}
