/*
 * Streak rules (docs/product/dashboard.md#dashboard-streak; ADR 028). Days are calendar
 * dates (yyyy-MM-dd): an entry's `entryDate`, the local date it was written on, and `today` in the user's zone.
 * The arithmetic is calendar arithmetic (calendar.ts), so a daylight-saving change never moves a day.
 */

import {
  STREAK_GOAL,
  STREAK_MESSAGES,
  STREAK_MILESTONES,
  STREAK_ROW_DAYS,
  type StreakMilestone,
} from '../constants.ts';
import type { Streak, StreakDay } from '../schemas/companions.ts';
import { addDays, weekdayIndex, weekStart } from './calendar.ts';

/** A run of consecutive days with entries: its first and last day and its length in days. */
export type StreakRun = { first: string; last: string; length: number };

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** "Mon" … "Sun". */
export const dayName = (date: string): string => DAY_NAMES[weekdayIndex(date)]!;

/**
 * The runs of consecutive days among `dates` (any order, duplicates allowed), newest first. Days after
 * `today` are left out: an entry dated ahead of today (written in a zone further east) counts once its day comes.
 */
export function streakRuns(dates: readonly string[], today: string): StreakRun[] {
  const days = [...new Set(dates)].filter((d) => d <= today).sort();
  const runs: StreakRun[] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && addDays(run.last, 1) === day) {
      run.last = day;
      run.length += 1;
    } else {
      runs.push({ first: day, last: day, length: 1 });
    }
  }
  return runs.reverse();
}

/** The highest milestone (7, 14, 30, 100) a streak has reached, or null below 7. */
export function streakMilestone(currentStreak: number): StreakMilestone | null {
  let reached: StreakMilestone | null = null;
  for (const milestone of STREAK_MILESTONES) if (currentStreak >= milestone) reached = milestone;
  return reached;
}

/**
 * The card's message (docs/product/dashboard.md#dashboard-streak): "Your last streak was N days. Start a new one!" while the current streak is 1
 * or less and the last one exceeded 1; otherwise by the current streak's length.
 */
export function streakMessage(currentStreak: number, lastStreak: number): string {
  if (currentStreak <= 1 && lastStreak > 1) return STREAK_MESSAGES.lastStreak(lastStreak);
  if (currentStreak <= 0) return STREAK_MESSAGES.start;
  if (currentStreak === 1) return STREAK_MESSAGES.greatStart;
  if (currentStreak < 7) return STREAK_MESSAGES.momentum;
  if (currentStreak < 14) return STREAK_MESSAGES.oneWeek;
  if (currentStreak < 30) return STREAK_MESSAGES.onFire;
  if (currentStreak < 100) return STREAK_MESSAGES.almostRecord;
  return STREAK_MESSAGES.legendary;
}

/**
 * The first day the row of dots (this week, from Monday) can show: runs ending before it matter only by their
 * length. Six days back covers a Sunday's Monday; earlier in the week it reads a few days more than needed.
 */
export const streakWindowStart = (today: string): string => addDays(today, -(STREAK_ROW_DAYS - 1));

/** Whether `day` lies in one of the runs. */
function isInRuns(runs: readonly StreakRun[], day: string): boolean {
  return runs.some((run) => run.first <= day && day <= run.last);
}

/**
 * The streak data from the runs, newest first. `runs` must hold at least the two latest runs and every run that
 * ends on or after `streakWindowStart(today)` (the row looks back at most 6 days, to Monday); older runs matter
 * only through `bestStreak`, which defaults to the longest run given. Days after today are ignored.
 *   current  the latest run, if it ends today or yesterday (today without an entry yet does not break it)
 *   last     the run before the current one; with no current streak, the latest run
 *   weekDays this week, Monday to Sunday like the calendar (ADR 062), the days after today upcoming
 *   thisWeek the days of that row with an entry: the count is what the dots show
 */
export function summarizeStreak(
  givenRuns: readonly StreakRun[],
  today: string,
  bestStreak = Math.max(0, ...givenRuns.map((run) => run.length)),
): Streak {
  const runs = givenRuns
    .filter((run) => run.first <= today)
    .map((run) => (run.last > today ? { ...run, last: today, length: lengthOf(run.first, today) } : run));
  const [latest, previous] = runs;
  const isCurrent = latest !== undefined && latest.last >= addDays(today, -1);
  const currentStreak = isCurrent ? latest.length : 0;
  const lastStreak = (isCurrent ? previous?.length : latest?.length) ?? 0;

  const weekDays = streakWeekDays(runs, today);
  const thisWeek = weekDays.filter((day) => day.hasEntry).length;

  return {
    currentStreak,
    lastStreak,
    bestStreak: Math.max(bestStreak, currentStreak),
    thisWeek,
    goal: STREAK_GOAL,
    weekDays,
    milestone: streakMilestone(currentStreak),
    message: streakMessage(currentStreak, lastStreak),
  };
}

/**
 * The row of dots: the week holding today, Monday first as the calendar shows weeks (the spec's "last dot is
 * today" was a rolling 7 days, which started on any weekday and counted other days than "this week"; ADR 062).
 * Days after today are upcoming: no entry can be there yet.
 */
export function streakWeekDays(runs: readonly StreakRun[], today: string): StreakDay[] {
  const monday = weekStart(today);
  return Array.from({ length: STREAK_ROW_DAYS }, (_, index) => {
    const date = addDays(monday, index);
    const isUpcoming = date > today;
    return { date, dayName: dayName(date), hasEntry: !isUpcoming && isInRuns(runs, date), isUpcoming };
  });
}

function lengthOf(first: string, last: string): number {
  return Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;
}

/** The streak from the distinct local dates with entries and today's date in the user's zone. */
export function computeStreak(dates: readonly string[], today: string): Streak {
  return summarizeStreak(streakRuns(dates, today), today);
}
