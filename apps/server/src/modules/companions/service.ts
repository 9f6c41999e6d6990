import {
  addDays,
  addMonths,
  type CurrentMood,
  localDate,
  MOOD_RING_DAYS,
  type MoodRing,
  ON_THIS_DAY,
  type OnThisDay,
  type SessionUser,
  type Streak,
  streakWindowStart,
  summarizeStreak,
} from '@daybook/shared';
import type { Clock } from '../../lib/clock.ts';
import type { EntriesService } from '../entries/service.ts';

/** More tagged entries than 7 days can hold under any plan's daily limit (25): the ring's bound. */
const MOOD_RING_LIMIT = 500;

/**
 * The dashboard's daily companions (ADR 028): the streak, the mood ring, the current mood and On This
 * Day. Days are entries' local dates (`entryDate`); "today" is today in the user's time zone (users.timezone).
 * The entries are read through the entries service, whose repository holds the one visible-entries rule.
 */
export function createCompanionsService(deps: { entries: EntriesService; clock: Clock }) {
  const { entries, clock } = deps;
  const today = (user: SessionUser) => localDate(clock.now(), user.timezone);

  return {
    async streak(user: SessionUser): Promise<Streak> {
      const day = today(user);
      const { runs, best } = await entries.streakRuns(user, day, streakWindowStart(day));
      return summarizeStreak(runs, day, best);
    },

    /** Tagged entries of the last 7 local days, today included, newest first. */
    async moodRing(user: SessionUser): Promise<MoodRing> {
      const day = today(user);
      const first = addDays(day, -(MOOD_RING_DAYS - 1));
      return {
        moods: await entries.moodsBetween(user, first, day, MOOD_RING_LIMIT),
        // Private-mode entries' moods, which only the browser can open and count (ADR 094).
        sealed: await entries.sealedMoodsBetween(user, first, day, MOOD_RING_LIMIT),
      };
    },

    async currentMood(user: SessionUser): Promise<CurrentMood> {
      const day = today(user);
      return {
        moodTag: await entries.latestMood(user, day),
        sealed: (await entries.sealedMoodsBetween(user, day, day, MOOD_RING_LIMIT)).map(
          (item) => item.encryptedMood,
        ),
      };
    },

    /**
     * Entries dated on `date`'s month and day in each of the 50 years before it (29 February falls back to
     * 28 February in other years), and exactly one month before it (31 March → 28/29 February).
     */
    async onThisDay(user: SessionUser, date: string): Promise<OnThisDay> {
      const dates = new Set<string>([addMonths(date, -1)]);
      for (let years = 1; years <= ON_THIS_DAY.years; years += 1) dates.add(addMonths(date, -12 * years));
      return { entries: await entries.onDates(user, [...dates], ON_THIS_DAY.limit) };
    },
  };
}

export type CompanionsService = ReturnType<typeof createCompanionsService>;
