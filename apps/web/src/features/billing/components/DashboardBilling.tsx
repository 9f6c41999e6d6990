import { BILLING_MESSAGES } from '@daybook/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  invalidatePlanQueries,
  setSubscriptionIntent,
  useStartCheckout,
  useSubscriptionStatus,
} from '../../../lib/billing.ts';
import { forgetRegistrationChoice } from '../../../lib/billing-intent.ts';
import {
  clearUpgradeNotice,
  isBannerSnoozed,
  readBannerSnoozedUntil,
  snoozeBanner,
  storeUpgradeNotice,
  takeFreshUpgradeNotice,
  type UpgradeNotice,
} from '../prompts.ts';
import { CheckoutOverlay } from './CheckoutOverlay.tsx';
import { PremiumSignupBanner } from './PremiumSignupBanner.tsx';
import { UpgradeCelebration } from './UpgradeCelebration.tsx';

/** While a paid checkout is being confirmed (the provider's webhook may lag the return), ask every 2 s. */
const PROCESSING_POLL_MS = 2000;

/**
 * The dashboard's plan pieces (spec §4, §9): the checkout overlay and the signup banner while Premium was chosen
 * but not bought, the upgrade celebration, and the return from checkout (`success=true`: the "Welcome to Premium"
 * toast, the intent cleared, the parameter removed). Loaded after the journal, so none of it weighs on the
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
          isStarting={checkout.isPending}
          onCheckout={startCheckout}
          onClose={() => setIsOverlayClosed(true)}
        />
      ) : null}
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
      {notice ? <UpgradeCelebration planName={notice.planName} onClose={closeCelebration} /> : null}
    </>
  );
}
