import { isWelcomeCardShown } from '@daybook/shared';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useSubscriptionStatus } from '../../../lib/billing.ts';
import {
  dismissWelcomeCard,
  isReturningFromCheckout,
  mayWelcomeCardShow,
  readWelcomeCardFacts,
  rememberWelcomeCardPlan,
} from '../welcome-card.ts';
import { WelcomeCard, WelcomeCardPlaceholder } from './WelcomeCard.tsx';

/**
 * The welcome card for a new Free member at the top of the journal (docs/product/plans-billing.md#plans-prompts), drawn with the dashboard's
 * first render: the plan comes with the page (ADR 050), the other facts from this browser. The server sends the
 * same card as HTML for the first paint (ADR 051), so this render takes its place rather than adding it. While
 * the plan is loading, the card's room is held when it may show (ADR 046).
 */
export function DashboardWelcomeCard() {
  const { status } = useSubscriptionStatus({ readsIntent: true });
  const { search } = useLocation();
  // DashboardBilling drops `success=true` from the address once it has seen it: what counts is the opening one.
  const [isReturning] = useState(() => isReturningFromCheckout(search));
  const [browserFacts, setBrowserFacts] = useState(readWelcomeCardFacts);

  // The next visit holds no room for a card this plan rules out (ADR 046).
  const plan = status?.currentPlan;
  const intent = status?.intent;
  const hasProviderSubscription = status?.hasProviderSubscription;
  useEffect(() => {
    if (!plan || intent === undefined || hasProviderSubscription === undefined) return;
    rememberWelcomeCardPlan({ plan, intent, hasProviderSubscription });
  }, [plan, intent, hasProviderSubscription]);

  if (isReturning) return null;
  if (!status) return mayWelcomeCardShow() ? <WelcomeCardPlaceholder /> : null;
  const isShown = isWelcomeCardShown({
    ...browserFacts,
    intent: status.intent,
    hasProviderSubscription: status.hasProviderSubscription,
    plan: status.currentPlan,
    now: Date.now(),
  });
  if (!isShown) return null;
  return (
    <WelcomeCard
      onDismiss={() => {
        dismissWelcomeCard();
        setBrowserFacts(readWelcomeCardFacts());
      }}
    />
  );
}
