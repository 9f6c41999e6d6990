import { STREAK_MESSAGES, type Streak, type StreakDay } from '@daybook/shared';
import { Award, Flame } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { DeferredTooltip } from '../../../components/ui/deferred-tooltip.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { cn } from '../../../lib/cn.ts';
import { useStreak } from '../api/get-streak.ts';
import { dayCount, rowDayLabel } from '../format.ts';
import { CompanionCard, CompanionCardSkeleton, CompanionError } from './CompanionCard.tsx';

export const STREAK_TITLE = 'Streak';
export const STREAK_LOAD_FAILED = 'Your streak could not be loaded.';

/**
 * The streak card (docs/product/dashboard.md#dashboard-streak: on the dashboard and with the entry list): "N-day streak",
 * the message for its length, this week against the goal and its days from Monday, the milestone reached
 * (7, 14, 30, 100) and the best streak. Refreshed when entries change (its query lives under the journal's key).
 */
export function StreakCard({ className }: { className?: string }) {
  const streak = useStreak();
  if (streak.isPending) return <CompanionCardSkeleton label="Loading your streak" lines={4} />;
  if (streak.isError) {
    return (
      <CompanionCard title={STREAK_TITLE} icon={Flame} className={className}>
        <CompanionError message={STREAK_LOAD_FAILED} onRetry={() => void streak.refetch()} />
      </CompanionCard>
    );
  }
  return <StreakCardView streak={streak.data} className={className} />;
}

export function StreakCardView({ streak, className }: { streak: Streak; className?: string | undefined }) {
  const goalText = STREAK_MESSAGES.goalText(streak.thisWeek, streak.goal);
  return (
    <CompanionCard
      title={STREAK_TITLE}
      icon={Flame}
      className={className}
      aside={
        streak.milestone ? (
          <Badge variant="warning" data-milestone={streak.milestone}>
            <Award aria-hidden="true" />
            {streak.milestone}-day milestone
          </Badge>
        ) : null
      }
    >
      <div className="grid gap-4 @md:grid-cols-2 @md:items-center">
        <div className="flex flex-col gap-1">
          <p className="font-serif text-3xl font-semibold">
            {STREAK_MESSAGES.headline(streak.currentStreak)}
          </p>
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {streak.message}
          </p>
        </div>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">This week</span>
              <span className="text-muted-foreground">{goalText}</span>
            </div>
            <ProgressBar
              value={(streak.thisWeek / Math.max(1, streak.goal)) * 100}
              label="Days written this week"
              valueText={`${streak.thisWeek} of ${streak.goal} days`}
            />
          </div>
          <WeekRow days={streak.weekDays} />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        Best streak: <span className="font-medium text-foreground">{dayCount(streak.bestStreak)}</span>
      </p>
    </CompanionCard>
  );
}

/** What an upcoming day's dot says: it is neither written nor missed. */
export const UPCOMING_DAY = 'Still to come';

/**
 * This week, Monday first like the calendar: a dot each, its date and whether an entry was made in a tooltip and
 * its name. The filled dots are the "this week" count above them; days after today are drawn dashed.
 */
function WeekRow({ days }: { days: readonly StreakDay[] }) {
  const todayIndex = days.findLastIndex((day) => !day.isUpcoming);
  return (
    <ol aria-label="This week" className="flex justify-between gap-1">
      {days.map((day, index) => {
        const isToday = index === todayIndex;
        const status = day.isUpcoming
          ? UPCOMING_DAY
          : day.hasEntry
            ? STREAK_MESSAGES.entryMade
            : STREAK_MESSAGES.noEntry;
        const dateLabel = `${isToday ? 'Today, ' : ''}${rowDayLabel(day.date)}`;
        return (
          <li key={day.date} className="flex flex-col items-center gap-1">
            {/* Radix's tooltip loads when a dot is first pointed at or focused (ADR 076). */}
            <DeferredTooltip
              content={
                <>
                  <span className="font-medium">{dateLabel}</span> · {status}
                </>
              }
            >
              <span
                role="img"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that keyboard users get the tooltip too; its name says the same to screen readers.
                tabIndex={0}
                aria-label={`${dateLabel}: ${status}`}
                data-has-entry={day.hasEntry}
                className={cn(
                  'flex size-7 items-center justify-center rounded-full border-2 outline-offset-2 focus-visible:outline-2 focus-visible:outline-ring',
                  day.hasEntry ? 'border-primary bg-primary' : 'border-input bg-transparent',
                  day.isUpcoming && 'border-dashed',
                  isToday && 'ring-2 ring-primary/40 ring-offset-2 ring-offset-card',
                )}
              >
                {day.hasEntry ? (
                  <Flame aria-hidden="true" className="size-3.5 text-primary-foreground" />
                ) : null}
              </span>
            </DeferredTooltip>
            <span
              aria-hidden="true"
              className={cn('text-xs text-muted-foreground', isToday && 'font-semibold text-foreground')}
            >
              {day.dayName.slice(0, 1)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
