import type { BillingInterval, PlanChoice } from '@daybook/shared';
import { Check } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { SegmentedControl, type SegmentedOption } from '../../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePricing } from '../../../lib/pricing/get-pricing.ts';
import { premiumPriceView } from '../../../lib/pricing/plans.ts';

const BILLING_OPTIONS: readonly SegmentedOption<BillingInterval>[] = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Annual', badge: 'BEST VALUE' },
];

/** docs/product/plans-billing.md#plans-pricing: on the register page a price that cannot be loaded reads 'Unavailable'. */
export const PRICE_UNAVAILABLE = 'Unavailable';

type PlanChooserProps = {
  billing: BillingInterval;
  onBillingChange: (billing: BillingInterval) => void;
  /** The radio inputs' props from the form (`register('plan')`). */
  radioProps: Omit<ComponentProps<'input'>, 'type' | 'value'>;
  selected: PlanChoice;
};

/** Starter or Premium, as radio cards, with the billing period for Premium. */
export function PlanChooser({ billing, onBillingChange, radioProps, selected }: PlanChooserProps) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="mb-4 text-sm font-medium">Choose your plan</legend>
      <SegmentedControl
        label="Billing period"
        options={BILLING_OPTIONS}
        value={billing}
        onValueChange={onBillingChange}
        className="mt-2 self-center"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <PlanCard
          value="free"
          name="Starter"
          radioProps={radioProps}
          isSelected={selected === 'free'}
          price={<PriceLine price="Free" period="forever" />}
          summary="3 entries a day, moods, calendar and streaks."
        />
        <PlanCard
          value="premium"
          name="Premium"
          radioProps={radioProps}
          isSelected={selected === 'premium'}
          price={<PremiumPrice billing={billing} />}
          summary="Audio and video, the AI coach, future-self messages and sharing."
        />
      </div>
    </fieldset>
  );
}

function PlanCard({
  value,
  name,
  price,
  summary,
  radioProps,
  isSelected,
}: {
  value: PlanChoice;
  name: string;
  price: ReactNode;
  summary: string;
  radioProps: PlanChooserProps['radioProps'];
  isSelected: boolean;
}) {
  const id = useId();
  return (
    <label
      htmlFor={`${id}-radio`}
      className="relative flex cursor-pointer flex-col gap-2 rounded-card border bg-card p-4 shadow-xs transition-colors hover:border-muted-foreground/60 has-checked:border-primary has-checked:ring-1 has-checked:ring-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
    >
      <input
        id={`${id}-radio`}
        type="radio"
        value={value}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-details`}
        className="sr-only"
        {...radioProps}
      />
      <span className="flex items-center justify-between gap-2">
        <span id={`${id}-name`} className="font-serif text-lg font-semibold">
          {name}
        </span>
        <span
          aria-hidden="true"
          className="flex size-5 items-center justify-center rounded-full border border-input bg-card text-primary-foreground has-[svg]:border-primary has-[svg]:bg-primary"
        >
          {isSelected ? <Check className="size-3.5" /> : null}
        </span>
      </span>
      <span id={`${id}-details`} className="flex flex-col gap-1">
        {price}
        <span className="text-sm text-muted-foreground">{summary}</span>
      </span>
    </label>
  );
}

function PriceLine({ price, period }: { price: string; period?: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-1.5">
      <span className="text-2xl font-semibold">{price}</span>
      {period ? <span className="text-sm text-muted-foreground">{period}</span> : null}
    </span>
  );
}

function PremiumPrice({ billing }: { billing: BillingInterval }) {
  const pricing = usePricing();
  if (pricing.isPending) {
    return (
      <span className="flex h-8 items-center">
        <span className="sr-only">Loading price…</span>
        <Skeleton className="h-6 w-24" />
      </span>
    );
  }
  if (!pricing.data) return <PriceLine price={PRICE_UNAVAILABLE} />;
  const view = premiumPriceView(pricing.data, billing, navigator.language);
  return <PriceLine price={view.price} period={view.period} />;
}
