import {
  api,
  BILLING_MESSAGES,
  BILLING_TIMINGS,
  type BillingInterval,
  type CreateCheckoutInput,
  type SubscriptionIntent,
  type SubscriptionIntentValue,
  type SubscriptionStatus,
} from '@daybook/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiRequestError, callApi } from './api-client.ts';
import { planFeaturesQueryOptions } from './plan-features.ts';
import { browserCurrency } from './pricing/get-pricing.ts';
import { PROFILE_QUERY_KEY } from './profile.ts';
import { billingKeys } from './query-keys.ts';
import { toast } from './toast.ts';

/**
 * GET /api/billing/subscription, the spec's check-subscription (docs/product/plans-billing.md#plans-checkout), read by the dashboard (overlay, banner,
 * welcome card), the profile's subscription section and the checkout routing. docs/product/plans-billing.md#plans-checkout: 5 min stale, one retry
 * after 2 s.
 */
export const subscriptionQueryOptions = queryOptions({
  queryKey: billingKeys.subscription(),
  queryFn: ({ signal }) => callApi(api.billing.subscription, { signal }),
  staleTime: BILLING_TIMINGS.subscriptionStaleMs,
  retry: 1,
  retryDelay: BILLING_TIMINGS.subscriptionRetryDelayMs,
});

/** What a failed status load is treated as (docs/product/plans-billing.md#plans-checkout): not subscribed, on Free, no intent. */
export const FREE_SUBSCRIPTION_STATUS: SubscriptionStatus = {
  subscribed: false,
  subscription: null,
  currentPlan: 'free',
  currentPlanName: 'Free',
  subscriptionEndDate: null,
  cancelAtPeriodEnd: false,
  intent: null,
  billingCycle: 'month',
  hasProviderSubscription: false,
  provider: 'local',
};

const SUBSCRIPTION_TOAST_ID = 'subscription-status-failed';

/**
 * The subscription status, or Free after a failed load with the toast "Failed to load subscription status"
 * (docs/product/plans-billing.md#plans-checkout). `status` is undefined only while the first answer is pending. `readsIntent`: the reader acts on the
 * subscription intent, which docs/product/plans-billing.md#plans-intent caches 2 minutes, not the status's 5; the intent travels with the status, so
 * such a reader counts the same answer stale sooner (staleness is per reader) instead of asking twice.
 */
export function useSubscriptionStatus(
  options: { refetchInterval?: number | false; readsIntent?: boolean } = {},
) {
  const query = useQuery({
    ...subscriptionQueryOptions,
    ...(options.readsIntent ? { staleTime: BILLING_TIMINGS.intentStaleMs } : {}),
    refetchInterval: options.refetchInterval ?? false,
  });
  const failedAt = query.isError ? query.errorUpdatedAt : 0;
  useEffect(() => {
    // One toast however many components read the status: sonner replaces a toast with the same id. Offline, the
    // page already says so and the status is asked for again on reconnect: a failure then is no news.
    if (failedAt && navigator.onLine)
      toast.error(BILLING_MESSAGES.subscriptionLoadFailed, { id: SUBSCRIPTION_TOAST_ID });
  }, [failedAt]);
  const status = query.data ?? (query.isError ? FREE_SUBSCRIPTION_STATUS : undefined);
  return { ...query, status };
}

/** A plan change: the features, the subscription status and the profile's plan are all refetched. */
export function invalidatePlanQueries(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: billingKeys.all }),
    client.invalidateQueries({ queryKey: planFeaturesQueryOptions.queryKey }),
    client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  ]);
}

/** PUT /api/billing/intent (the spec's set_subscription_intent). */
export function setSubscriptionIntent(
  intent: SubscriptionIntentValue,
  billingCycle: BillingInterval = 'month',
): Promise<SubscriptionIntent> {
  return callApi(api.billing.setIntent, { body: { intent, billingCycle } });
}

/** POST /api/billing/checkout: the checkout page's address (Stripe's, or the local test checkout). */
export async function createCheckout(input: CreateCheckoutInput = {}): Promise<string> {
  const { url } = await callApi(api.billing.checkout, { body: { currency: browserCurrency(), ...input } });
  return url;
}

/** The words for a checkout that could not start: the server's own (docs/product/plans-billing.md#plans-checkout), or "Checkout failed: …". */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500 && error.message) return error.message;
  if (error instanceof ApiRequestError && error.code === 'CHECKOUT_FAILED') return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return BILLING_MESSAGES.checkoutFailed(message);
}

/** Leaves the app for the checkout page. A separate function so tests can watch it. */
export const browserLocation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

/**
 * Starts a Premium checkout and sends the browser there. `where: 'dashboard'` words a failure the dashboard's
 * way (docs/product/plans-billing.md#plans-checkout: "Failed to start checkout. Please try again.", the reason beneath).
 */
export function useStartCheckout(where: 'dashboard' | 'elsewhere' = 'elsewhere') {
  return useMutation({
    mutationFn: (input: CreateCheckoutInput = {}) => createCheckout(input),
    onSuccess: (url) => browserLocation.assign(url),
    onError: (error) => {
      const reason = checkoutErrorMessage(error);
      if (where === 'dashboard') toast.error(BILLING_MESSAGES.startCheckoutFailed, { description: reason });
      else toast.error(reason);
    },
  });
}

/** POST /api/billing/portal: Stripe's Customer Portal (card, invoices, cancellation). */
export function useBillingPortal() {
  return useMutation({
    mutationFn: () => callApi(api.billing.portal),
    onSuccess: ({ url }) => browserLocation.assign(url),
    onError: (error) =>
      toast.error(error instanceof ApiRequestError ? error.message : BILLING_MESSAGES.portalFailed),
  });
}

/** Cancel at the period end, or resume before it ends; the answer is the new status. */
export function useChangeRenewal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      callApi(action === 'cancel' ? api.billing.cancel : api.billing.resume),
    onSuccess: (status) => {
      client.setQueryData(billingKeys.subscription(), status);
      void invalidatePlanQueries(client);
    },
  });
}
