import {
  BILLING_MESSAGES,
  formatMoney,
  type PlanFeatures,
  type Profile,
  type SubscriptionStatus,
} from '@daybook/shared';
import { Check, ExternalLink, LoaderCircle, Minus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  useBillingPortal,
  useChangeRenewal,
  useStartCheckout,
  useSubscriptionStatus,
} from '../../../lib/billing.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { toast } from '../../../lib/toast.ts';

type FeatureLine = { label: string; value: boolean | string };

/** The plan's flags (snake_case from the server) as sentences a person reads. */
export function describePlanFeatures(features: PlanFeatures): FeatureLine[] {
  const perDay = (n: number) => `${n} a day`;
  return [
    { label: 'Text entries', value: features.text_entries },
    { label: 'Image entries', value: features.image_entries },
    { label: 'Audio entries', value: features.audio_entries },
    { label: 'Video entries', value: features.video_entries },
    { label: 'Entries', value: perDay(features.daily_entry_limit) },
    { label: 'AI insights', value: perDay(features.ai_insights_limit) },
    { label: 'AI coaching sessions', value: perDay(features.ai_coaching_limit) },
    { label: 'Future-self chats', value: perDay(features.ai_future_chat_limit) },
    { label: 'Share entries with friends', value: features.can_share_entries },
    { label: 'Messages to your future self', value: features.can_send_future_messages },
  ];
}

/** "12 Dec 2026" / "Dec 12, 2026" from an ISO instant: when a period ends. */
const endDateLabel = (iso: string) => formatInstant('mediumDate', iso);

function priceLabel(status: SubscriptionStatus): string | null {
  const details = status.subscription;
  if (!details || details.priceAmount === null || !details.currency) return null;
  const per = details.interval === 'year' ? 'year' : 'month';
  return `${formatMoney(details.priceAmount, details.currency, navigator.language)} a ${per}`;
}

function PlanPill({ name }: { name: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-muted-foreground">Current plan</span>
      <span className="rounded-full bg-tint px-3 py-0.5 font-semibold text-tint-foreground">{name}</span>
    </p>
  );
}

type Confirming = 'cancel' | 'resume' | null;

/** The plan, its price and renewal, and what can be done with it (/profile#subscription, docs/product/plans-billing.md#plans-checkout). */
function PlanSummary({ profile }: { profile: Profile }) {
  const { status, isPending } = useSubscriptionStatus();
  const checkout = useStartCheckout();
  const portal = useBillingPortal();
  const renewal = useChangeRenewal();
  const [confirming, setConfirming] = useState<Confirming>(null);

  if (isPending || !status) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <PlanPill name={profile.plan.name} />
        <span className="sr-only">Loading your subscription…</span>
        <Skeleton className="h-5 w-64" />
      </div>
    );
  }

  const isFree = status.currentPlan === 'free';
  const price = priceLabel(status);
  const endDate = status.subscriptionEndDate;
  const canChangeRenewal = status.subscribed && status.subscription !== null;
  const canManageBilling = status.provider === 'stripe' && status.hasProviderSubscription;

  const confirm = () => {
    if (!confirming) return;
    const action = confirming;
    renewal.mutate(action, {
      onSuccess: (next) => {
        setConfirming(null);
        toast.success(
          action === 'cancel'
            ? `Your subscription is cancelled. ${next.currentPlanName} stays until ${next.subscriptionEndDate ? endDateLabel(next.subscriptionEndDate) : 'the end of the period'}.`
            : 'Your subscription will renew as usual.',
        );
      },
      onError: (error) => {
        setConfirming(null);
        toast.error(BILLING_MESSAGES.subscriptionUpdateFailed, { description: error.message });
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-muted-foreground">Current plan</dt>
        <dd>
          <span className="rounded-full bg-tint px-3 py-0.5 font-semibold text-tint-foreground">
            {status.currentPlanName}
          </span>
        </dd>
        {price ? (
          <>
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-medium">{price}</dd>
          </>
        ) : null}
        {endDate && !isFree ? (
          <>
            <dt className="text-muted-foreground">{status.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd className="font-medium">{endDateLabel(endDate)}</dd>
          </>
        ) : null}
      </dl>
      {status.cancelAtPeriodEnd && endDate ? (
        <Alert variant="warning" role="status">
          <p>
            Your subscription is cancelled and will not renew. You keep {status.currentPlanName} until{' '}
            {endDateLabel(endDate)}, then move to Free.
          </p>
        </Alert>
      ) : null}
      {status.subscription?.status === 'past_due' ? (
        <Alert variant="error" role="status">
          <p>Your last payment failed. Update your card to keep {status.currentPlanName}.</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {isFree ? (
          <Button
            onClick={() => checkout.mutate({ interval: status.billingCycle })}
            disabled={checkout.isPending}
            aria-busy={checkout.isPending}
          >
            {checkout.isPending ? (
              <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            ) : null}
            See Premium plans
          </Button>
        ) : null}
        {canManageBilling ? (
          <Button
            variant="outline"
            onClick={() => portal.mutate()}
            disabled={portal.isPending}
            aria-busy={portal.isPending}
          >
            <ExternalLink aria-hidden="true" />
            Manage billing
          </Button>
        ) : null}
        {canChangeRenewal && !status.cancelAtPeriodEnd ? (
          <Button variant="outline" onClick={() => setConfirming('cancel')}>
            Cancel subscription
          </Button>
        ) : null}
        {canChangeRenewal && status.cancelAtPeriodEnd ? (
          <Button variant="outline" onClick={() => setConfirming('resume')}>
            Resume subscription
          </Button>
        ) : null}
      </div>
      <Dialog open={confirming !== null} onOpenChange={(open) => (open ? undefined : setConfirming(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {confirming === 'resume' ? 'Resume your subscription?' : 'Cancel your subscription?'}
            </DialogTitle>
            <DialogDescription>
              {confirming === 'resume'
                ? `${status.currentPlanName} will renew${endDate ? ` on ${endDateLabel(endDate)}` : ''} and you will be charged as before.`
                : `You keep ${status.currentPlanName} until ${endDate ? endDateLabel(endDate) : 'the end of the period'}; it will not renew, and then your account moves to Free. Your entries stay.`}
            </DialogDescription>
          </DialogHeader>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{confirming === 'resume' ? 'Not now' : 'Keep subscription'}</Button>
            </DialogClose>
            <Button
              variant={confirming === 'resume' ? 'primary' : 'destructive'}
              onClick={confirm}
              disabled={renewal.isPending}
              aria-busy={renewal.isPending}
            >
              {confirming === 'resume' ? 'Resume subscription' : 'Cancel at period end'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export function SubscriptionSection({ profile }: { profile: Profile }) {
  const features = usePlanFeatures();

  return (
    <SettingsSection id="subscription" title="Subscription" description="Your plan and what it includes.">
      <PlanSummary profile={profile} />
      {features.isPending ? (
        <div role="status" className="grid gap-2 sm:grid-cols-2">
          <span className="sr-only">Loading plan features…</span>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders.
            <Skeleton key={index} className="h-6" />
          ))}
        </div>
      ) : features.data ? (
        <dl className="grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {describePlanFeatures(features.data).map(({ label, value }) => (
            <div key={label} className="flex items-center justify-between gap-3 border-b pb-2">
              <dt>{label}</dt>
              <dd className="flex items-center gap-1.5 font-medium">
                {typeof value === 'string' ? (
                  value
                ) : value ? (
                  <>
                    <Check aria-hidden="true" className="size-4 text-primary" />
                    Included
                  </>
                ) : (
                  <>
                    <Minus aria-hidden="true" className="size-4 text-muted-foreground" />
                    <span className="text-muted-foreground">Not included</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <Alert variant="error">
          <p>Your plan's features could not be loaded.</p>
        </Alert>
      )}
    </SettingsSection>
  );
}
