import type { BillingInterval } from '@daybook/shared';
import { Check } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { SegmentedControl, type SegmentedOption } from '../../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePricing } from '../../../lib/pricing/get-pricing.ts';
import { PREMIUM_FEATURES, premiumPriceView, STARTER_FEATURES } from '../../../lib/pricing/plans.ts';

const BILLING_OPTIONS: readonly SegmentedOption<BillingInterval>[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annual', badge: 'BEST VALUE' },
];

type HeadingLevel = 'h2' | 'h3';

/** The plan chooser shown on the landing page and on /pricing. */
export function PricingBlock({ planHeading = 'h3' }: { planHeading?: HeadingLevel }) {
  const [billing, setBilling] = useState<BillingInterval>('month');

  return (
    <div className="flex flex-col items-center gap-10">
      <SegmentedControl
        label="Billing period"
        options={BILLING_OPTIONS}
        value={billing}
        onValueChange={setBilling}
        className="mt-3"
      />
      <div className="grid w-full max-w-4xl gap-6 md:grid-cols-2">
        <StarterCard heading={planHeading} />
        <PremiumCard heading={planHeading} billing={billing} />
      </div>
    </div>
  );
}

function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2.5">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function PlanCard({
  heading: Heading,
  name,
  summary,
  highlighted = false,
  price,
  features,
  cta,
}: {
  heading: HeadingLevel;
  name: string;
  summary: string;
  highlighted?: boolean;
  price: ReactNode;
  features: readonly string[];
  cta: ReactNode;
}) {
  return (
    <Card
      className={cn('flex flex-col gap-6 p-6 sm:p-8', highlighted && 'border-primary ring-1 ring-primary')}
    >
      <div className="flex flex-col gap-1">
        <Heading className="text-xl font-semibold">{name}</Heading>
        <p className="text-sm text-muted-foreground">{summary}</p>
      </div>
      <div className="min-h-20">{price}</div>
      <FeatureList items={features} />
      <div className="mt-auto pt-2">{cta}</div>
    </Card>
  );
}

function StarterCard({ heading }: { heading: HeadingLevel }) {
  return (
    <PlanCard
      heading={heading}
      name="Starter"
      summary="Everything you need to build a daily habit."
      price={
        <p className="flex items-baseline gap-1.5">
          <span className="font-serif text-4xl font-semibold">Free</span>
          <span className="text-sm text-muted-foreground">forever</span>
        </p>
      }
      features={STARTER_FEATURES}
      cta={
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link to="/register">Start for free</Link>
        </Button>
      }
    />
  );
}

function PremiumCard({ heading, billing }: { heading: HeadingLevel; billing: BillingInterval }) {
  const pricing = usePricing();
  const view = pricing.isPending ? undefined : premiumPriceView(pricing.data, billing, navigator.language);

  return (
    <PlanCard
      heading={heading}
      name="Premium"
      summary="For journaling with your voice, video and a coach at your side."
      highlighted
      price={
        view ? (
          <div className="flex flex-col gap-1" aria-live="polite">
            <p className="flex flex-wrap items-baseline gap-x-1.5">
              <span className="font-serif text-4xl font-semibold">{view.price}</span>
              <span className="text-sm text-muted-foreground">{view.period}</span>
              {view.savingPercent ? (
                <span className="ml-1 rounded-full bg-tint px-2 py-0.5 text-xs font-semibold text-tint-foreground">
                  Save {view.savingPercent}%
                </span>
              ) : null}
            </p>
            {view.detail ? <p className="text-sm text-muted-foreground">{view.detail}</p> : null}
          </div>
        ) : (
          <div className="flex flex-col gap-2" aria-busy="true">
            <span className="sr-only">Loading price…</span>
            <Skeleton className="h-10 w-36" />
            <Skeleton className="h-4 w-44" />
          </div>
        )
      }
      features={PREMIUM_FEATURES}
      cta={
        <Button asChild size="lg" className="w-full">
          {/* Signed in, the visitor-only /register sends this on to checkout (app/GuestOnly.tsx). */}
          <Link to={`/register?intent=premium&billing=${billing}`}>Go Premium</Link>
        </Button>
      }
    />
  );
}
