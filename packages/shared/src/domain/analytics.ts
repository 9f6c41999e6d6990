/*
 * /analytics: pure aggregations over the user's decrypted entries. The server holds only ciphertext, so the
 * browser decrypts and these functions count (ADR 030). Every function is a single pass over its input, so
 * 5,000 entries aggregate in a few milliseconds.
 */

import { MOODS } from '../constants.ts';
import { addDays, weekdayIndex, weekStart } from './calendar.ts';
import { extractHashtags } from './entry-search.ts';
import { wordCount } from './entry-text.ts';
import { markdownToPlainText } from './markdown.ts';
import { type MoodClass, moodClass } from './moods.ts';
import { type StreakRun, streakRuns } from './streak.ts';
import { zoneFormatter } from './zone-formatters.ts';

/**
 * What the aggregations read of an entry: its dates and mood, and what its decrypted text contributes (words
 * and themes), so that the text itself need not be kept once read.
 */
export type AnalyzedEntry = {
  /** ISO instant. */
  createdAt: string;
  /** yyyy-MM-dd, the local day it was written (as stored). */
  entryDate: string;
  moodTag: string | null;
  words: number;
  /** Distinct hashtags, lower case ("#work"). */
  themes: string[];
};

/**
 * An entry as analytics keeps it. Themes are hashtags in the decrypted text, title or category (docs/design.md#design-open-values
 * "Themes"); text that could not be decrypted counts no words and no themes. Both read the text as read, so
 * Markdown's markers are not words and a link's address holds no theme (ADR 064).
 */
export function analyzeEntry(
  entry: {
    createdAt: string;
    entryDate: string;
    moodTag: string | null;
    title: string | null;
    category: string | null;
  },
  opened: { text: string; isDecryptionFailed: boolean },
): AnalyzedEntry {
  const text = opened.isDecryptionFailed ? '' : markdownToPlainText(opened.text);
  const all = [text, entry.title ?? '', entry.category ?? ''].join('\n');
  return {
    createdAt: entry.createdAt,
    entryDate: entry.entryDate,
    moodTag: entry.moodTag,
    words: wordCount(text),
    themes: all.includes('#') ? extractHashtags(all) : [],
  };
}

export const ANALYTICS_PERIODS = ['30d', '90d', 'year', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '30d': '30 days',
  '90d': '90 days',
  year: 'Year',
  all: 'All',
};
const PERIOD_DAYS: Record<Exclude<AnalyticsPeriod, 'all'>, number> = { '30d': 30, '90d': 90, year: 365 };

/** A mood's class (docs/product/entries.md#entries-moods sets, domain/moods.ts) as the charts colour it. */
export type Valence = MoodClass;

/** weekStart for many entries: they share a few hundred dates, so each is worked out once. */
function weekStarts(): (date: string) => string {
  const cache = new Map<string, string>();
  return (date) => {
    let week = cache.get(date);
    if (week === undefined) {
      week = weekStart(date);
      cache.set(date, week);
    }
    return week;
  };
}

const VALENCE_SCORE: Record<Valence, number> = { positive: 1, neutral: 0, negative: -1 };

/** The days a period covers, ending today: `from` is null for all time. */
export function analyticsRange(period: AnalyticsPeriod, today: string): { from: string | null; to: string } {
  if (period === 'all') return { from: null, to: today };
  return { from: addDays(today, -(PERIOD_DAYS[period] - 1)), to: today };
}

export function inRange<T extends { entryDate: string }>(
  entries: readonly T[],
  range: { from: string | null; to: string },
): T[] {
  return entries.filter((e) => (range.from === null || e.entryDate >= range.from) && e.entryDate <= range.to);
}

export type DayMood = { date: string; mood: string | null; valence: Valence | null; entries: number };

/**
 * Each day with entries and its mood: the mood tagged most often that day (a tie goes to the latest of them);
 * null when no entry of the day has a mood.
 */
export function moodByDay(entries: readonly AnalyzedEntry[]): Map<string, DayMood> {
  const days = new Map<string, { entries: number; moods: Map<string, { n: number; last: string }> }>();
  for (const entry of entries) {
    let day = days.get(entry.entryDate);
    if (!day) {
      day = { entries: 0, moods: new Map() };
      days.set(entry.entryDate, day);
    }
    day.entries++;
    if (entry.moodTag) {
      const seen = day.moods.get(entry.moodTag);
      if (!seen) day.moods.set(entry.moodTag, { n: 1, last: entry.createdAt });
      else {
        seen.n++;
        if (entry.createdAt > seen.last) seen.last = entry.createdAt;
      }
    }
  }
  const result = new Map<string, DayMood>();
  for (const [date, day] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    let best: { mood: string; n: number; last: string } | null = null;
    for (const [mood, seen] of day.moods) {
      if (!best || seen.n > best.n || (seen.n === best.n && seen.last > best.last)) best = { mood, ...seen };
    }
    result.set(date, {
      date,
      mood: best?.mood ?? null,
      valence: best ? moodClass(best.mood) : null,
      entries: day.entries,
    });
  }
  return result;
}

export type MoodPoint = { start: string; score: number; moods: number };

/**
 * The average mood score (positive 1, neutral 0, negative −1) per day, or per week (from Monday) when
 * `byWeek`; only buckets with at least one mood, in date order.
 */
export function moodOverTime(entries: readonly AnalyzedEntry[], byWeek: boolean): MoodPoint[] {
  const buckets = new Map<string, { sum: number; n: number }>();
  const weekOf = weekStarts();
  for (const entry of entries) {
    if (!entry.moodTag) continue;
    const start = byWeek ? weekOf(entry.entryDate) : entry.entryDate;
    const bucket = buckets.get(start) ?? { sum: 0, n: 0 };
    bucket.sum += VALENCE_SCORE[moodClass(entry.moodTag)];
    bucket.n++;
    buckets.set(start, bucket);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, { sum, n }]) => ({ start, score: Math.round((sum / n) * 100) / 100, moods: n }));
}

export type MoodCount = { mood: string; count: number; valence: Valence };

/** Where each mood stands in the app's list (docs/product/entries.md#entries-moods), for ties. */
const MOOD_ORDER: ReadonlyMap<string, number> = new Map(MOODS.map((mood, index) => [mood.label, index]));

/**
 * How often each mood was tagged: every mood of the app's list (MOODS, the 19 of docs/product/entries.md#entries-moods), those never tagged
 * with 0, so the chart shows the whole range and never a subset (ADR 062); a tag outside the list (an old
 * import) is counted too. Most first; ties in the list's order, then by name.
 */
export function moodDistribution(entries: readonly AnalyzedEntry[]): MoodCount[] {
  const counts = new Map<string, number>(MOODS.map((mood) => [mood.label, 0]));
  for (const entry of entries)
    if (entry.moodTag) counts.set(entry.moodTag, (counts.get(entry.moodTag) ?? 0) + 1);
  const order = (mood: string) => MOOD_ORDER.get(mood) ?? MOODS.length;
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || order(a) - order(b) || a.localeCompare(b))
    .map(([mood, count]) => ({ mood, count, valence: moodClass(mood) }));
}

export const WEEKDAY_LABELS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Entries per weekday, Monday first, by the local day each was written. */
export function entriesPerWeekday(entries: readonly AnalyzedEntry[]): number[] {
  const counts = new Array<number>(7).fill(0);
  const days = new Map<string, number>();
  for (const entry of entries) days.set(entry.entryDate, (days.get(entry.entryDate) ?? 0) + 1);
  for (const [date, n] of days) counts[weekdayIndex(date)]! += n;
  return counts;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const parts = formatter.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour') % 24,
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Days whose zone offset is read at both ends at once: a week, about 100 readings a year instead of 730. */
const SPAN_DAYS = 7;

/**
 * Entries per hour of the day (0–23) in `timeZone`. Reading a zone's offset (Intl) costs tens of microseconds,
 * so it is read at the two ends of each week (UTC) rather than per entry: a week whose ends agree has one
 * offset throughout (zones change theirs a few times a year at most, never there and back within a week); in a
 * week whose ends differ, each day's ends are read, and only on the day the clocks change each entry's own.
 */
export function entriesPerHour(entries: readonly AnalyzedEntry[], timeZone: string): number[] {
  const counts = new Array<number>(24).fill(0);
  const formatter = zoneFormatter('dateTime', timeZone);
  const steady = (first: number, last: number): number | null => {
    const start = offsetAt(formatter, first * DAY_MS);
    return start === offsetAt(formatter, (last + 1) * DAY_MS - 1000) ? start : null;
  };
  const spanOffsets = new Map<number, number | null>();
  const dayOffsets = new Map<number, number | null>();
  for (const entry of entries) {
    const instant = Date.parse(entry.createdAt);
    const day = Math.floor(instant / DAY_MS);
    const span = Math.floor(day / SPAN_DAYS);
    let offset = spanOffsets.get(span);
    if (offset === undefined) {
      offset = steady(span * SPAN_DAYS, span * SPAN_DAYS + SPAN_DAYS - 1);
      spanOffsets.set(span, offset);
    }
    if (offset === null) {
      offset = dayOffsets.get(day);
      if (offset === undefined) {
        offset = steady(day, day);
        dayOffsets.set(day, offset);
      }
    }
    const local = instant + (offset ?? offsetAt(formatter, instant));
    counts[Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS)]!++;
  }
  return counts;
}

export type WeekWords = { week: string; words: number };

/**
 * Words written per week (weeks from Monday), every week from the first to `through`'s week, empty ones
 * included so the chart's gaps are real.
 */
export function wordsPerWeek(
  entries: readonly AnalyzedEntry[],
  range: { from: string | null; to: string },
): WeekWords[] {
  const words = new Map<string, number>();
  let first: string | null = range.from === null ? null : weekStart(range.from);
  const weekOf = weekStarts();
  for (const entry of entries) {
    const week = weekOf(entry.entryDate);
    if (first === null || week < first) first = week;
    words.set(week, (words.get(week) ?? 0) + entry.words);
  }
  if (first === null) return [];
  const result: WeekWords[] = [];
  const last = weekStart(range.to);
  for (let week = first; week <= last; week = addDays(week, 7))
    result.push({ week, words: words.get(week) ?? 0 });
  return result;
}

export type ThemeCount = { theme: string; entries: number };

/** The most-used themes, counted once per entry, most entries first (then alphabetically). */
export function topThemes(entries: readonly AnalyzedEntry[], limit = 10): ThemeCount[] {
  const counts = new Map<string, number>();
  for (const entry of entries) for (const tag of entry.themes) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([theme, n]) => ({ theme, entries: n }));
}

export type PixelCell = { date: string; day: DayMood | null } | null;

/**
 * A year in pixels: 12 rows (January first) of 31 cells, one per day of the month; a null cell is a day the
 * month does not have (30 February).
 */
export function yearPixels(year: number, days: ReadonlyMap<string, DayMood>): PixelCell[][] {
  return Array.from({ length: 12 }, (_, month) => {
    const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return Array.from({ length: 31 }, (_, i) => {
      if (i >= length) return null;
      const date = `${year}-${String(month + 1).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`;
      return { date, day: days.get(date) ?? null };
    });
  });
}

export type AnalyticsSummary = {
  entries: number;
  daysWritten: number;
  words: number;
  longestStreak: number;
};

export type AnalyticsReport = {
  summary: AnalyticsSummary;
  moodOverTime: MoodPoint[];
  isMoodByWeek: boolean;
  moodDistribution: MoodCount[];
  perWeekday: number[];
  perHour: number[];
  wordsPerWeek: WeekWords[];
  /** Runs of consecutive days with entries, oldest first. */
  streaks: StreakRun[];
  themes: ThemeCount[];
};

/** Everything the charts of one period show, from the entries of that period. */
export function analyticsReport(
  entries: readonly AnalyzedEntry[],
  period: AnalyticsPeriod,
  today: string,
  timeZone: string,
): AnalyticsReport {
  const range = analyticsRange(period, today);
  const inPeriod = inRange(entries, range);
  const weekly = wordsPerWeek(inPeriod, range);
  const streaks = streakRuns(
    inPeriod.map((e) => e.entryDate),
    range.to,
  ).reverse();
  const isMoodByWeek = period === 'year' || period === 'all';
  return {
    summary: {
      entries: inPeriod.length,
      daysWritten: new Set(inPeriod.map((e) => e.entryDate)).size,
      words: weekly.reduce((sum, w) => sum + w.words, 0),
      longestStreak: streaks.reduce((best, s) => Math.max(best, s.length), 0),
    },
    moodOverTime: moodOverTime(inPeriod, isMoodByWeek),
    isMoodByWeek,
    moodDistribution: moodDistribution(inPeriod),
    perWeekday: entriesPerWeekday(inPeriod),
    perHour: entriesPerHour(inPeriod, timeZone),
    wordsPerWeek: weekly,
    streaks,
    themes: topThemes(inPeriod),
  };
}
