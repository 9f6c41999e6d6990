import { z } from 'zod';
import { STREAK_MILESTONES } from '../constants.ts';
import { Entry, IsoDay } from './entries.ts';

/**
 * Streak, mood ring, current mood and On This Day (ADR 028). Paths, all for the signed-in user only:
 *   GET /api/streak                        → Streak        (counted in the user's time zone, users.timezone)
 *   GET /api/moods/ring                    → MoodRing      (the last 7 local days, today included, tagged entries)
 *   GET /api/moods/current                 → CurrentMood   (the latest tagged entry of today, or null)
 *   GET /api/entries/on-this-day?date=     → OnThisDay     (encrypted rows, decrypted in the browser)
 * The insights overview ("Mood (7 days)" percentages) has no endpoint: the browser computes it from the mood
 * ring with `moodOverview` (domain/moods.ts), so both cards agree and one request serves both (ADR 028).
 * Days count by an entry's `entryDate`, the local date it was written on; "today" is today in the user's zone.
 */

export const StreakDay = z.object({
  /** yyyy-MM-dd. */
  date: z.string(),
  /** "Mon" … "Sun". */
  dayName: z.string(),
  hasEntry: z.boolean(),
  /** A day of this week after today: no entry yet, nor a missed day. */
  isUpcoming: z.boolean(),
});
export type StreakDay = z.infer<typeof StreakDay>;

export const StreakMilestoneValue = z.literal(STREAK_MILESTONES);

export const Streak = z
  .object({
    /** Consecutive days with entries ending today, or yesterday while today has none yet. */
    currentStreak: z.number().int().min(0),
    /** The run before the current one; while the current streak is 0, the run that ended most recently. */
    lastStreak: z.number().int().min(0),
    /** The longest run ever, the current one included. */
    bestStreak: z.number().int().min(0),
    /** Days with entries in the current week (Monday to today): the filled dots of `weekDays`. */
    thisWeek: z.number().int().min(0).max(7),
    /** The weekly goal: 7. */
    goal: z.number().int(),
    /** This week, Monday to Sunday as the calendar shows weeks; the days after today are upcoming. */
    weekDays: z.array(StreakDay),
    /** The highest milestone (7, 14, 30, 100) the current streak has reached, or null. */
    milestone: StreakMilestoneValue.nullable(),
    /** The card's message for this streak (STREAK_MESSAGES). */
    message: z.string(),
  })
  .meta({ id: 'Streak' });
export type Streak = z.infer<typeof Streak>;

export const MoodRingItem = z.object({ moodTag: z.string(), entryDate: z.string() });
export type MoodRingItem = z.infer<typeof MoodRingItem>;

/** A private-mode entry's mood, sealed in the browser (ADR 094): the browser opens it; an empty one means none. */
export const SealedMoodItem = z.object({ encryptedMood: z.string(), entryDate: z.string() });
export type SealedMoodItem = z.infer<typeof SealedMoodItem>;

/**
 * Newest first: one item per tagged entry of the last 7 local days; `sealed`, every private-mode entry's sealed
 * mood of those days, newest first, for the browser to open and count (ADR 094).
 */
export const MoodRing = z
  .object({ moods: z.array(MoodRingItem), sealed: z.array(SealedMoodItem).default([]) })
  .meta({ id: 'MoodRing' });
export type MoodRing = z.infer<typeof MoodRing>;

/**
 * The mood of today's latest entry that has one, or null; `sealed`, today's private-mode entries' sealed moods,
 * newest first: the browser takes the first that opens to a mood (ADR 094).
 */
export const CurrentMood = z
  .object({ moodTag: z.string().nullable(), sealed: z.array(z.string()).default([]) })
  .meta({ id: 'CurrentMood' });
export type CurrentMood = z.infer<typeof CurrentMood>;

export const OnThisDayQuery = z.object({
  /** The browser's "today" (yyyy-MM-dd). */
  date: IsoDay,
});
export type OnThisDayQuery = z.input<typeof OnThisDayQuery>;

/**
 * Entries written on the same month and day in earlier years and exactly one month earlier, newest date first
 * (at most ON_THIS_DAY_LIMIT), same shape as the dashboard list's entries. Deleted and future_me excluded.
 */
export const OnThisDay = z.object({ entries: z.array(Entry) }).meta({ id: 'OnThisDay' });
export type OnThisDay = z.infer<typeof OnThisDay>;

/** On This Day looks back this many years (and one month), and returns at most this many entries. */
export const ON_THIS_DAY = { years: 50, limit: 20 } as const;
