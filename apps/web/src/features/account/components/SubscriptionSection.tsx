import type { PlanFeatures, Profile } from '@daybook/shared';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePlanFeatures } from '../../../lib/plan-features.ts';
import { SettingsSection } from './SettingsSection.tsx';

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

export function SubscriptionSection({ profile }: { profile: Profile }) {
  const features = usePlanFeatures();
  const isFree = profile.plan.id === 'free';

  return (
    <SettingsSection id="subscription" title="Subscription" description="Your plan and what it includes.">
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">Current plan</span>
        <span className="rounded-full bg-tint px-3 py-0.5 font-semibold text-tint-foreground">
          {profile.plan.name}
        </span>
      </p>
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
      {isFree ? (
        <Button asChild className="self-start">
          <Link to="/pricing">See Premium plans</Link>
        </Button>
      ) : null}
    </SettingsSection>
  );
}
