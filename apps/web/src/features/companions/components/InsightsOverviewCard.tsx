import {
  INSIGHTS_MESSAGES,
  type MoodClass,
  type MoodOverview,
  moodOverview,
  STREAK_MESSAGES,
} from '@daybook/shared';
import { ChartNoAxesColumn, Flame } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMoodRing } from '../api/get-moods.ts';
import { useStreak } from '../api/get-streak.ts';
import { percent } from '../format.ts';
import { MOOD_CLASS_STYLES } from '../moods.ts';
import { CompanionCard } from './CompanionCard.tsx';

export const INSIGHTS_TITLE = 'Insights overview';
const CLASSES: readonly MoodClass[] = ['positive', 'neutral', 'negative'];

/**
 * The insights overview (docs/product/dashboard.md#dashboard-moods): the streak, and "Mood (7 days)" as Positive / Neutral / Negative percentages
 * to 1 decimal, or "No data". Computed from the mood ring's answer, so the two cards always agree.
 */
export function InsightsOverviewCard() {
  const streak = useStreak();
  const ring = useMoodRing();
  const overview = ring.data ? moodOverview(ring.data.moods.map((item) => item.moodTag)) : null;
  return (
    <CompanionCard title={INSIGHTS_TITLE} icon={ChartNoAxesColumn}>
      <div className="flex items-center gap-2 text-sm">
        <Flame aria-hidden="true" className="size-4 text-primary" />
        {streak.data ? (
          <span className="font-medium">{STREAK_MESSAGES.headline(streak.data.currentStreak)}</span>
        ) : streak.isPending ? (
          <Skeleton className="h-4 w-24" />
        ) : (
          <span className="text-muted-foreground">Streak unavailable</span>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="font-sans text-sm font-medium">{INSIGHTS_MESSAGES.moodTitle}</h3>
        {ring.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-2">
            <span className="sr-only">Loading your moods</span>
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        ) : overview ? (
          <MoodShares overview={overview} />
        ) : (
          <p className="text-sm text-muted-foreground">{INSIGHTS_MESSAGES.noData}</p>
        )}
      </div>
    </CompanionCard>
  );
}

export function MoodShares({ overview }: { overview: MoodOverview }) {
  return (
    <dl className="flex flex-col gap-1.5">
      {CLASSES.map((moodClass) => (
        <div key={moodClass} className="grid grid-cols-[5.5rem_1fr] items-center gap-2 text-sm">
          <dt>{INSIGHTS_MESSAGES[moodClass]}</dt>
          <dd className="grid grid-cols-[1fr_3.5rem] items-center gap-2">
            <span aria-hidden="true" className="block h-2 overflow-hidden rounded-full bg-muted">
              <span
                className={`block h-full rounded-full ${MOOD_CLASS_STYLES[moodClass].fill}`}
                style={{ width: `${overview[moodClass]}%` }}
              />
            </span>
            <span className="text-right tabular-nums">{percent(overview[moodClass])}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
