import { InsightsOverviewCard } from './InsightsOverviewCard.tsx';
import { MoodCard } from './MoodCard.tsx';
import { OnThisDayCard } from './OnThisDayCard.tsx';
import { StreakCard } from './StreakCard.tsx';

export type DashboardCompanionsProps = {
  /** Today in the user's time zone (yyyy-MM-dd). */
  today: string;
  /** Puts a prompt in the entry box; absent while the entry box is hidden (a past day is chosen). */
  onChoosePrompt?: ((prompt: string) => void) | undefined;
  /** Where an earlier entry opens (On This Day). */
  dayHref: (date: string) => string;
};

/**
 * The dashboard's companions beside the journal (ADR 028): the streak, the mood ring with the current mood, the
 * insights overview and On This Day. One component, so the dashboard page mounts them in one place (the
 * sidebar on wide screens, after the journal on small ones) and loads their code after the first paint.
 */
export function DashboardCompanions({ today, onChoosePrompt, dayHref }: DashboardCompanionsProps) {
  return (
    <>
      <StreakCard />
      <MoodCard onChoosePrompt={onChoosePrompt} />
      <InsightsOverviewCard />
      <OnThisDayCard today={today} dayHref={dayHref} />
    </>
  );
}
