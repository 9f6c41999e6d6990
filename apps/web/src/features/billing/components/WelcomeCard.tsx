import { formatMoney } from '@daybook/shared';
import { ArrowRight, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PREMIUM_UPGRADE_TARGET } from '../../../components/ui/locked-feature.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePricing } from '../../../lib/pricing/get-pricing.ts';
import { BILLING_COPY, WELCOME_FEATURES } from '../copy.ts';
import { FeatureChecklist } from './FeatureChecklist.tsx';

function FromPrice() {
  const pricing = usePricing();
  if (pricing.isPending) return <PriceSkeleton />;
  if (!pricing.data) return null;
  const { amount, currency } = pricing.data.monthly;
  return <span>from {formatMoney(amount, currency, navigator.language)}/mo</span>;
}

/** Stands in for the price while it loads, and in the placeholder: one line of small text. */
function PriceSkeleton() {
  return (
    <span className="inline-flex h-5 items-center">
      <span className="sr-only">Loading price…</span>
      <Skeleton className="h-4 w-20" />
    </span>
  );
}

const CARD_CLASS = 'relative flex flex-col gap-4 p-5';

/** The card's inside, shared by the card and its placeholder so that both have the same size at every width. */
function WelcomeCardContent({ onDismiss, price }: { onDismiss?: () => void; price: ReactNode }) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dismiss welcome card"
        onClick={onDismiss}
        className="absolute top-2 right-2"
      >
        <X aria-hidden="true" />
      </Button>
      <div className="flex flex-col gap-1 pr-10">
        <h2 id="welcome-card-title" className="font-serif text-xl font-semibold">
          Welcome to Daybook
        </h2>
        <p className="text-sm text-muted-foreground">
          You're on Free: text and image entries, moods and streaks. Basic and Premium add more; Premium
          includes:
        </p>
      </div>
      <FeatureChecklist features={WELCOME_FEATURES} className="gap-1.5" />
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild size="sm">
          <Link to={PREMIUM_UPGRADE_TARGET}>
            {BILLING_COPY.welcomeExplore}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <span className="text-sm text-muted-foreground">{price}</span>
      </div>
    </>
  );
}

/** The welcome card for a new Free member (docs/product/plans-billing.md#plans-prompts): five features, "Explore Premium", dismissed for good. */
export function WelcomeCard({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Card aria-labelledby="welcome-card-title" role="region" className={CARD_CLASS}>
      <WelcomeCardContent onDismiss={onDismiss} price={<FromPrice />} />
    </Card>
  );
}

/**
 * The room the welcome card will take, held while the plan that decides it is loading: the card arriving later
 * would push the whole journal down (ADR 046). The same content, hidden and inert, so the size matches.
 */
export function WelcomeCardPlaceholder() {
  return (
    <Card
      aria-hidden="true"
      inert
      data-testid="welcome-card-placeholder"
      className={cn(CARD_CLASS, 'bg-muted/40 motion-safe:animate-pulse [&>*]:invisible')}
    >
      <WelcomeCardContent price={<PriceSkeleton />} />
    </Card>
  );
}
