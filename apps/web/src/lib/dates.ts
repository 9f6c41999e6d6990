/**
 * The one way the web app writes a date or a time for a person to read (ADR 085): in the reader's locale, in one
 * of a few named styles (`ReadingStyle` in packages/shared: "15:04" or "3:04 PM", "Sunday, 19 September 2021" or
 * "Sunday, September 19, 2021"…), from cached formatters. Nothing else in apps/web calls `toLocaleDateString`,
 * `toLocaleTimeString`, `toLocaleString` on a date, `new Intl.DateTimeFormat` or date-fns' `format`: lint says
 * so (`web/one-way-to-write-dates` in scripts/check-web-boundaries.mjs).
 */
import { dayHeading as dayHeadingIn, type ReadingStyle, readingFormatter } from '@daybook/shared';

export type { ReadingStyle } from '@daybook/shared';

/**
 * The locale this browser asks pages to speak ("en-GB"), read on every call: a test, or a browser whose
 * language is changed, gets the new one at once. Undefined outside a browser (the runtime's own is used).
 */
export function readerLocale(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/** The style's formatter on a zone's clock; a zone this browser does not know (newer than its data) reads as its own. */
function formatterIn(style: ReadingStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  try {
    return readingFormatter(style, readerLocale(), timeZone);
  } catch {
    return readingFormatter(style, readerLocale(), undefined);
  }
}

/**
 * An instant ("2026-11-28T07:46:00Z", a Date, milliseconds) in a style, on the clock of `timeZone` (undefined: this
 * browser's). Times matter where they were lived: an entry is read in its own zone (ADR 066), a reminder or a
 * message to the future in the account's. What is not an instant is given back as it came rather than failing the
 * page.
 */
export function formatInstant(
  style: ReadingStyle,
  instant: string | number | Date,
  timeZone?: string,
): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return formatterIn(style, timeZone).format(date);
}

/** A calendar date (yyyy-MM-dd) as midnight UTC, or null when it is not one. */
function calendarDate(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(day.getTime()) ? null : day;
}

/*
 * Charts label hundreds of days while they are first drawn (the year in pixels names 366), many of them the same
 * day again on every render: each label is made once per style and locale. Bounded, as the days are.
 */
const MAX_DAY_LABELS = 5000;
const dayLabels = new Map<string, string>();

/**
 * A calendar day ("2026-11-28") in a style. A day has no clock: it is the same day wherever it is read, so it is
 * written in UTC, where its midnight lies. What is not a yyyy-MM-dd date is given back as it came.
 */
export function formatDay(style: ReadingStyle, date: string): string {
  const key = `${style} ${readerLocale() ?? ''} ${date}`;
  let label = dayLabels.get(key);
  if (label === undefined) {
    const day = calendarDate(date);
    label = day ? readingFormatter(style, readerLocale(), 'UTC').format(day) : date;
    if (dayLabels.size >= MAX_DAY_LABELS) dayLabels.clear();
    dayLabels.set(key, label);
  }
  return label;
}

/** An hour of any day ("07:00", "7:00 AM"): a row of the hours of the day. */
export function formatHour(hour: number): string {
  return readingFormatter('time', readerLocale(), 'UTC').format(Date.UTC(2026, 0, 1, hour));
}

/** The heading over a day of entries (docs/product/entries.md#entries-list) in the reader's locale: "Today", "Friday", "Friday 20 November"… */
export function dayHeading(date: string, today: string): string {
  return dayHeadingIn(date, today, readerLocale());
}
