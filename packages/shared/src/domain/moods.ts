/* Mood sets and the insights overview's percentages (docs/product/dashboard.md#dashboard-moods). */

import { NEGATIVE_MOODS, POSITIVE_MOODS } from '../constants.ts';

export type MoodClass = 'positive' | 'neutral' | 'negative';

const positive: ReadonlySet<string> = new Set(POSITIVE_MOODS);
const negative: ReadonlySet<string> = new Set(NEGATIVE_MOODS);

/** Positive, negative, or neutral for any other tag (Neutral, Tired, Peaceful, Joyful, Reflective, unknown). */
export function moodClass(moodTag: string): MoodClass {
  if (positive.has(moodTag)) return 'positive';
  if (negative.has(moodTag)) return 'negative';
  return 'neutral';
}

/** What a day (or a period) without a mood tag is called: it has no mood, not a bad one. */
export const NO_MOOD_RECORDED = 'No mood recorded';

/**
 * The class of a mean mood score (positive 1, neutral 0, negative −1, as the mood trend and the analytics chart
 * average them): the nearest of the three, so a third of the way is the boundary. Null (no mood tags that day) has
 * no class: a day without moods is neither positive nor negative.
 */
export function moodScoreClass(score: number | null): MoodClass | null {
  if (score === null) return null;
  if (score > 1 / 3) return 'positive';
  if (score < -1 / 3) return 'negative';
  return 'neutral';
}

/** The words for a mean mood score: "positive", "neutral", "negative", or "No mood recorded" without one. */
export function moodScoreLabel(score: number | null): string {
  return moodScoreClass(score) ?? NO_MOOD_RECORDED;
}

export type MoodOverview = { positive: number; neutral: number; negative: number };

/** Rounded to 1 decimal, halves away from zero (12.25 → 12.3). */
export function roundToOneDecimal(value: number): number {
  return Math.round((value + Number.EPSILON) * 10) / 10;
}

/**
 * The share of each class among the tags, in percent to 1 decimal (each rounded on its own, so the three may sum
 * to 99.9 or 100.1), or null when there are no tags: the card then shows "No data".
 */
export function moodOverview(moodTags: readonly string[]): MoodOverview | null {
  if (moodTags.length === 0) return null;
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const tag of moodTags) counts[moodClass(tag)] += 1;
  const percent = (n: number) => roundToOneDecimal((n / moodTags.length) * 100);
  return {
    positive: percent(counts.positive),
    neutral: percent(counts.neutral),
    negative: percent(counts.negative),
  };
}
