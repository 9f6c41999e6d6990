/*
 * Calendar dates as yyyy-MM-dd strings (an entry's `entryDate`, the dashboard's chosen day) and yyyy-MM
 * months. The arithmetic runs on UTC midnights, so a daylight-saving change never moves a day.
 */

import { zoneFormatter } from './zone-formatters.ts';

const DAY_MS = 86_400_000;
/** Weeks start on Monday (docs/product/dashboard.md#dashboard-calendar, mini calendar). */
const DAYS_IN_WEEK = 7;
/** Years offered by the calendar: from 5 before to 4 after the current year, 10 in all (docs/product/dashboard.md#dashboard-calendar). */
const YEARS_BEFORE = 5;
const YEARS_AFTER = 4;

const pad = (n: number) => String(n).padStart(2, '0');

function toUtc(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whether `value` is a real yyyy-MM-dd date (not 2026-02-30). */
export function isCalendarDate(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return fromUtc(toUtc(value)) === value;
}

export function addDays(date: string, days: number): string {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The same day `months` later, kept within the month it lands in (31 January + 1 month = 28/29 February). */
export function addMonths(date: string, months: number): string {
  const current = toUtc(date);
  const target = new Date(Date.UTC(current.getUTCFullYear(), current.getUTCMonth() + months, 1));
  const day = Math.min(current.getUTCDate(), daysInMonth(target.getUTCFullYear(), target.getUTCMonth()));
  return fromUtc(new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), day)));
}

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(date: string): number {
  return (toUtc(date).getUTCDay() + 6) % DAYS_IN_WEEK;
}

/** The Monday of the date's week. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** The Sunday of the date's week. */
export function weekEnd(date: string): string {
  return addDays(weekStart(date), DAYS_IN_WEEK - 1);
}

/** "2026-11" for "2026-11-21". */
export const monthOf = (date: string): string => date.slice(0, 7);

export const firstOfMonth = (month: string): string => `${month}-01`;

export function addMonthsToMonth(month: string, months: number): string {
  return monthOf(addMonths(firstOfMonth(month), months));
}

export type CalendarDay = { date: string; isInMonth: boolean };

/**
 * The weeks shown for a month, Monday first: whole weeks from the Monday on or before the 1st to the
 * Sunday on or after the last day, the neighbouring months' days marked as outside.
 */
export function monthGrid(month: string): CalendarDay[][] {
  const first = firstOfMonth(month);
  const last = addDays(firstOfMonth(addMonthsToMonth(month, 1)), -1);
  const weeks: CalendarDay[][] = [];
  for (let start = weekStart(first); start <= last; start = addDays(start, DAYS_IN_WEEK)) {
    weeks.push(
      Array.from({ length: DAYS_IN_WEEK }, (_, index) => {
        const date = addDays(start, index);
        return { date, isInMonth: monthOf(date) === month };
      }),
    );
  }
  return weeks;
}

/** The years a calendar offers around `currentYear`: 5 before to 4 after. */
export function calendarYears(currentYear: number): number[] {
  return Array.from(
    { length: YEARS_BEFORE + YEARS_AFTER + 1 },
    (_, index) => currentYear - YEARS_BEFORE + index,
  );
}

export type CalendarKey = { key: string; shiftKey?: boolean };

/**
 * Where a key moves a calendar's day (docs/product/dashboard.md#dashboard-calendar): arrows by a day or a week, PageUp/PageDown by a month
 * (with Shift by a year), Home/End to the start/end of the week. Null for any other key.
 */
export function calendarKeyTarget(date: string, { key, shiftKey = false }: CalendarKey): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -DAYS_IN_WEEK);
    case 'ArrowDown':
      return addDays(date, DAYS_IN_WEEK);
    case 'PageUp':
      return addMonths(date, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(date, shiftKey ? 12 : 1);
    case 'Home':
      return weekStart(date);
    case 'End':
      return weekEnd(date);
    default:
      return null;
  }
}

/** The UTC offset of a time zone at an instant, in milliseconds (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = zoneFormatter('dateTime', timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock date and time stand for in a time zone. The offset is read twice, once at the
 * first guess, so a time near a daylight-saving change lands on the right side of it; a time the change
 * skips (02:30 on a spring-forward night) moves on by the gap, as clocks do.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const firstGuess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(firstGuess, timeZone));
}

function dateInZone(instant: number, timeZone: string): string {
  const offset = zoneOffsetMs(instant, timeZone);
  return fromUtc(new Date(instant + offset));
}

/**
 * The instant a calendar day begins in a time zone: its local midnight, or the first moment of the day
 * where a daylight-saving change skips midnight.
 */
export function startOfDayInZone(date: string, timeZone: string): Date {
  const midnightUtc = toUtc(date).getTime();
  const offsetAtMidnightUtc = zoneOffsetMs(midnightUtc, timeZone);
  const first = midnightUtc - offsetAtMidnightUtc;
  const offsetThere = zoneOffsetMs(first, timeZone);
  if (offsetThere === offsetAtMidnightUtc) return new Date(first);
  const second = midnightUtc - offsetThere;
  return new Date(dateInZone(second, timeZone) === date ? second : first);
}
