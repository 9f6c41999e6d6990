/* The daily affirmation (docs/product/dashboard.md#dashboard-affirmation): chosen by day of year, with a shuffle. */

import { AFFIRMATIONS } from '../constants.ts';

/** 1 for 1 January … 365 (366 in a leap year) for 31 December, of a yyyy-MM-dd date. */
export function dayOfYear(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1;
}

/** Today's affirmation's index: the messages in turn by day of year. */
export function affirmationIndexForDay(date: string): number {
  return (dayOfYear(date) - 1) % AFFIRMATIONS.length;
}

/** A random index other than `current` ("shuffle"); `random` returns [0, 1) like Math.random. */
export function shuffledAffirmationIndex(current: number, random: () => number = Math.random): number {
  const offset = 1 + Math.min(AFFIRMATIONS.length - 2, Math.floor(random() * (AFFIRMATIONS.length - 1)));
  return (current + offset) % AFFIRMATIONS.length;
}
