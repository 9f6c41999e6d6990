import { CreditCard, LoaderCircle, Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { BILLING_COPY } from '../copy.ts';

type PremiumSignupBannerProps = {
  isStarting: boolean;
  onCheckout: () => void;
  onRemindLater: () => void;
};

/** "Complete Your Premium Signup" (docs/product/plans-billing.md#plans-prompts): checkout again, or hide it for 24 hours. */
export function PremiumSignupBanner({ isStarting, onCheckout, onRemindLater }: PremiumSignupBannerProps) {
  return (
    <section
      aria-labelledby="premium-signup-title"
      className="flex flex-col gap-3 rounded-card border border-primary/40 bg-tint p-4 text-tint-foreground sm:flex-row sm:items-center"
    >
      <Sparkles aria-hidden="true" className="size-6 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 id="premium-signup-title" className="font-sans text-base font-semibold">
          {BILLING_COPY.bannerTitle}
        </h2>
        <p className="text-sm">
          You chose Premium. Finish checkout to unlock audio, video, sharing and more.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={onCheckout} disabled={isStarting} aria-busy={isStarting}>
          {isStarting ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <CreditCard aria-hidden="true" />
          )}
          {BILLING_COPY.bannerGoToCheckout}
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemindLater}>
          {BILLING_COPY.bannerRemindLater}
        </Button>
      </div>
    </section>
  );
}
