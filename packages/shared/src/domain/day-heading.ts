import { readingFormatter } from './zone-formatters.ts';

const DAY_MS = 86_400_000;
/** Within this many days before today a day is named by its weekday alone (docs/product/entries.md#entries-list: "a weekday name"). */
const WEEKDAY_ONLY_DAYS = 6;

/** A yyyy-MM-dd calendar date as midnight UTC, or null when it is not one. */
function parseCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The heading over a day of entries (docs/product/entries.md#entries-list), from two calendar dates in the user's time zone
 * (an entry's `entryDate` and today's `localDate`), in the reader's locale (ADR 085): "Today"; the weekday
 * ("Friday") for the six days before; the weekday, month and day ("Friday 20 November", "Friday, November 20")
 * earlier this year; with the year ("Friday 20 November 2025") before that. A week ago shares today's weekday,
 * so from there on the date is spelled out.
 */
export function dayHeading(date: string, today: string, locale: string | undefined): string {
  const day = parseCalendarDate(date);
  const current = parseCalendarDate(today);
  if (!day || !current) return date;
  const daysAgo = Math.round((current.getTime() - day.getTime()) / DAY_MS);
  if (daysAgo === 0) return 'Today';
  // The dates are midnights in UTC, so they are read in UTC.
  if (daysAgo > 0 && daysAgo <= WEEKDAY_ONLY_DAYS)
    return readingFormatter('weekday', locale, 'UTC').format(day);
  if (day.getUTCFullYear() === current.getUTCFullYear())
    return readingFormatter('weekdayMonthDay', locale, 'UTC').format(day);
  return readingFormatter('longDate', locale, 'UTC').format(day);
}

/**
 * Items in order, cut into runs of the same day (the list arrives newest first, so days stay together). Each run
 * has a key that stays the same while entries are added to it or its first one changes (the day, and which of
 * that day's runs it is): a list keyed by it never remounts a day's cards because one more was written.
 */
export function groupByDay<T>(
  items: readonly T[],
  dayOf: (item: T) => string,
): { key: string; day: string; items: T[] }[] {
  const groups: { key: string; day: string; items: T[] }[] = [];
  const runsOfDay = new Map<string, number>();
  for (const item of items) {
    const day = dayOf(item);
    const last = groups.at(-1);
    if (last?.day === day) {
      last.items.push(item);
      continue;
    }
    const run = (runsOfDay.get(day) ?? 0) + 1;
    runsOfDay.set(day, run);
    groups.push({ key: run === 1 ? day : `${day} (${run})`, day, items: [item] });
  }
  return groups;
}
