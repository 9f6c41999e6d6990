import { BILLING_MESSAGES, BILLING_TIMINGS, EMAIL_CONFIRMED_PARAM } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  invalidatePlanQueries,
  setSubscriptionIntent,
  useStartCheckout,
  useSubscriptionStatus,
} from '../../../lib/billing.ts';
import { forgetRegistrationChoice } from '../../../lib/billing-intent.ts';
import { toast } from '../../../lib/toast.ts';
import {
  clearUpgradeNotice,
  isBannerSnoozed,
  readBannerSnoozedUntil,
  snoozeBanner,
  storeUpgradeNotice,
  takeFreshUpgradeNotice,
  type UpgradeNotice,
} from '../prompts.ts';
import { PremiumSignupBanner } from './PremiumSignupBanner.tsx';

// Dialogs (Radix's dialog, its focus trap and scroll lock, about 10 KB gzip) that only some visits show: loaded
// when one is due, not with every dashboard (ADR 076). Each is modal and opens on its own, so nothing is drawn
// in its place meanwhile.
const CheckoutOverlay = lazy(async () => ({
  default: (await import('./CheckoutOverlay.tsx')).CheckoutOverlay,
}));
const UpgradeCelebration = lazy(async () => ({
  default: (await import('./UpgradeCelebration.tsx')).UpgradeCelebration,
}));

/** While a paid checkout is being confirmed (the provider's webhook may lag the return), ask every 2 s. */
const PROCESSING_POLL_MS = 2000;

/**
 * The dashboard's plan pieces (docs/product/plans-billing.md#plans-prompts): the checkout overlay and the signup banner while Premium was chosen
 * but not bought, the upgrade celebration, the arrival from a confirmation link that signed this browser in
 * (`confirmed=1`: on to checkout after 0.5 s when Premium was chosen and the plan is Free, as a sign-up with a
 * session goes), and the return from checkout (`success=true`: the "Welcome to Premium" toast, the intent
 * cleared, the parameter removed). Loaded after the journal, so none of it weighs on the
 * dashboard's first paint; the welcome card, which often is that first paint, is DashboardWelcomeCard.
 */
export function DashboardBilling() {
  const client = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isReturning, setIsReturning] = useState(false);
  const { status } = useSubscriptionStatus({
    refetchInterval: isReturning ? PROCESSING_POLL_MS : false,
    readsIntent: true,
  });
  const checkout = useStartCheckout('dashboard');
  const [isOverlayClosed, setIsOverlayClosed] = useState(false);
  const [snoozedUntil, setSnoozedUntil] = useState(readBannerSnoozedUntil);
  const [notice, setNotice] = useState<UpgradeNotice | null>(() => takeFreshUpgradeNotice());
  const handledReturn = useRef(false);
  // Read once: the parameter is dropped from the address as soon as it is seen.
  const [isConfirmedArrival] = useState(() => searchParams.get(EMAIL_CONFIRMED_PARAM) === '1');
  const [isLeavingForCheckout, setIsLeavingForCheckout] = useState(false);

  // Back from checkout: say so once, forget the intent, and drop the parameter from the address.
  const isSuccessReturn = searchParams.get('success') === 'true';
  useEffect(() => {
    if (!isSuccessReturn || handledReturn.current) return;
    handledReturn.current = true;
    toast.success(BILLING_MESSAGES.welcomeToPremium);
    setIsReturning(true);
    forgetRegistrationChoice();
    void setSubscriptionIntent(null)
      .catch(() => undefined)
      .then(() => invalidatePlanQueries(client));
    setSearchParams(
      (params) => {
        params.delete('success');
        return params;
      },
      { replace: true },
    );
  }, [client, isSuccessReturn, setSearchParams]);

  useEffect(() => {
    if (!isConfirmedArrival) return;
    setSearchParams(
      (params) => {
        params.delete(EMAIL_CONFIRMED_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [isConfirmedArrival, setSearchParams]);

  // Just confirmed and signed in by the link, with Premium chosen at registration and still on Free: on to
  // checkout after the spec's 0.5 s, as a sign-up that comes with a session goes (docs/product/plans-billing.md#plans-checkout). If checkout cannot
  // start, the toast says so and the overlay offers it again.
  const startCheckoutNow = checkout.mutate;
  const checkoutDue =
    isConfirmedArrival && status?.intent === 'premium' && status.currentPlan === 'free'
      ? status.billingCycle
      : null;
  useEffect(() => {
    if (checkoutDue === null) return;
    setIsLeavingForCheckout(true);
    const timer = setTimeout(
      () => startCheckoutNow({ interval: checkoutDue }, { onError: () => setIsLeavingForCheckout(false) }),
      BILLING_TIMINGS.checkoutRedirectAfterSignUpMs,
    );
    return () => clearTimeout(timer);
  }, [checkoutDue, startCheckoutNow]);

  const plan = status?.currentPlan;
  const planName = status?.currentPlanName;

  // The upgrade took effect: celebrate it (the notice lives 5 minutes, so a reload soon after still shows it).
  useEffect(() => {
    if (!isReturning || !plan || plan === 'free' || !planName) return;
    setIsReturning(false);
    storeUpgradeNotice(planName);
    setNotice(takeFreshUpgradeNotice());
  }, [isReturning, plan, planName]);

  if (!status) return null;

  const isFree = status.currentPlan === 'free';
  const wantsPremium = status.intent === 'premium' && isFree;
  const startCheckout = () => checkout.mutate({ interval: status.billingCycle });

  const closeCelebration = () => {
    clearUpgradeNotice();
    setNotice(null);
  };

  return (
    <>
      <Suspense fallback={null}>
        {isReturning && isFree ? (
          <CheckoutOverlay
            isProcessing
            isStarting={false}
            onCheckout={startCheckout}
            onClose={() => setIsReturning(false)}
          />
        ) : wantsPremium && !isOverlayClosed ? (
          <CheckoutOverlay
            isProcessing={false}
            isStarting={checkout.isPending || isLeavingForCheckout}
            onCheckout={startCheckout}
            onClose={() => setIsOverlayClosed(true)}
          />
        ) : null}
      </Suspense>
      {wantsPremium && !isReturning && !isBannerSnoozed(snoozedUntil, Date.now()) ? (
        <PremiumSignupBanner
          isStarting={checkout.isPending}
          onCheckout={startCheckout}
          onRemindLater={() => {
            snoozeBanner();
            setSnoozedUntil(readBannerSnoozedUntil());
          }}
        />
      ) : null}
      {notice ? (
        <Suspense fallback={null}>
          <UpgradeCelebration planName={notice.planName} onClose={closeCelebration} />
        </Suspense>
      ) : null}
    </>
  );
}
