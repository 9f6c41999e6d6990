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
  dismissWelcomeCard,
  isBannerSnoozed,
  isWelcomeCardShown,
  mayWelcomeCardShow,
  readBannerSnoozedUntil,
  readWelcomeCardFacts,
  rememberWelcomeCardPlan,
  snoozeBanner,
  storeUpgradeNotice,
  takeFreshUpgradeNotice,
  type UpgradeNotice,
} from '../prompts.ts';
import { CheckoutOverlay } from './CheckoutOverlay.tsx';
import { PremiumSignupBanner } from './PremiumSignupBanner.tsx';
import { UpgradeCelebration } from './UpgradeCelebration.tsx';
import { WelcomeCard, WelcomeCardPlaceholder } from './WelcomeCard.tsx';

/** While a paid checkout is being confirmed (the provider's webhook may lag the return), ask every 2 s. */
const PROCESSING_POLL_MS = 2000;

/**
 * The dashboard's plan pieces (spec §4, §9): the checkout overlay and the signup banner while Premium was chosen
 * but not bought, the welcome card for a new Free member, the upgrade celebration, and the return from checkout
 * (`success=true`: the "Welcome to Premium" toast, the intent cleared, the parameter removed). Loaded after the
 * journal, so none of it weighs on the dashboard's first paint.
 */
export function DashboardBilling() {
  const client = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [isReturning, setIsReturning] = useState(false);
  const { status } = useSubscriptionStatus({ refetchInterval: isReturning ? PROCESSING_POLL_MS : false });
  const checkout = useStartCheckout('dashboard');
  const [isOverlayClosed, setIsOverlayClosed] = useState(false);
  const [snoozedUntil, setSnoozedUntil] = useState(readBannerSnoozedUntil);
  const [welcome, setWelcome] = useState(readWelcomeCardFacts);
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

  // The next visit holds no room for a card this plan rules out (ADR 046).
  const intent = status?.intent;
  const hasProviderSubscription = status?.hasProviderSubscription;
  useEffect(() => {
    if (!plan || intent === undefined || hasProviderSubscription === undefined) return;
    rememberWelcomeCardPlan({ plan, intent, hasProviderSubscription });
  }, [plan, intent, hasProviderSubscription]);

  // The upgrade took effect: celebrate it (the notice lives 5 minutes, so a reload soon after still shows it).
  useEffect(() => {
    if (!isReturning || !plan || plan === 'free' || !planName) return;
    setIsReturning(false);
    storeUpgradeNotice(planName);
    setNotice(takeFreshUpgradeNotice());
  }, [isReturning, plan, planName]);

  // The welcome card's room is held while the plan loads, when it may show (ADR 046).
  if (!status) return isReturning || !mayWelcomeCardShow() ? null : <WelcomeCardPlaceholder />;

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
      {!isReturning &&
      isWelcomeCardShown({
        ...welcome,
        intent: status.intent,
        hasProviderSubscription: status.hasProviderSubscription,
        plan: status.currentPlan,
        now: Date.now(),
      }) ? (
        <WelcomeCard
          onDismiss={() => {
            dismissWelcomeCard();
            setWelcome(readWelcomeCardFacts());
          }}
        />
      ) : null}
      {notice ? <UpgradeCelebration planName={notice.planName} onClose={closeCelebration} /> : null}
    </>
  );
}
