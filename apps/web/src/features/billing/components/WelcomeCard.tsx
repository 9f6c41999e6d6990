import { formatMoney } from '@daybook/shared';
import { ArrowRight, X } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PREMIUM_UPGRADE_TARGET } from '../../../components/ui/locked-feature.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePricing } from '../../../lib/pricing/get-pricing.ts';
import { BILLING_COPY, WELCOME_FEATURES } from '../copy.ts';
import { FeatureChecklist } from './FeatureChecklist.tsx';

function FromPrice() {
  const pricing = usePricing();
  if (pricing.isPending) {
    return (
      <span className="inline-flex h-5 items-center">
        <span className="sr-only">Loading price…</span>
        <Skeleton className="h-4 w-20" />
      </span>
    );
  }
  if (!pricing.data) return null;
  const { amount, currency } = pricing.data.monthly;
  return <span>from {formatMoney(amount, currency, navigator.language)}/mo</span>;
}

/** The welcome card for a new Free member (spec §4, §9): five features, "Explore Premium", dismissed for good. */
export function WelcomeCard({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Card aria-labelledby="welcome-card-title" role="region" className="relative flex flex-col gap-4 p-5">
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
        <span className="text-sm text-muted-foreground">
          <FromPrice />
        </span>
      </div>
    </Card>
  );
}
