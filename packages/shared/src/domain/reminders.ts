/*
 * Daily reminders (ADR 042): when the next one falls due. A reminder is a wall-clock time ("21:00") on chosen
 * weekdays in the user's IANA time zone; every rule here works on calendar dates and local times, so a
 * daylight-saving change moves the instant, never the day or the count (ADR 042).
 */

import { addDays, weekdayIndex } from './calendar.ts';
import { localDate } from './entry-text.ts';
import { zoneFormatter } from './zone-formatters.ts';

/** 0 for Monday … 6 for Sunday, as `weekdayIndex`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const WEEKDAYS: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];

/** Short and full English names, Monday first (the toggle buttons show the short one, read the full one). */
export const WEEKDAY_NAMES = [
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
  { short: 'Sun', long: 'Sunday' },
] as const;

export const REMINDER_DEFAULTS = { time: '20:00', weekdays: WEEKDAYS } as const;

/**
 * How late a reminder may still go out after its time. A server that was down (or a job run that was slow) still
 * sends today's reminder within this window; past it the day's reminder is skipped rather than sent at an odd
 * hour: a nudge to write "today" that arrives the next morning is noise.
 */
export const REMINDER_LATE_LIMIT_MS = 3 * 60 * 60_000;

/** One due reminder: the instant it falls due and the local calendar day it is for. */
export type ReminderOccurrence = { at: Date; localDate: string };

export type ReminderRule = { time: string; weekdays: readonly number[] };

/** "HH:MM" on a 24-hour clock, 00:00–23:59. */
export function isReminderTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** Weekdays sorted, without repeats or values outside 0–6. */
export function normaliseWeekdays(weekdays: readonly number[]): Weekday[] {
  return [...new Set(weekdays)]
    .filter((day): day is Weekday => Number.isInteger(day) && day >= 0 && day <= 6)
    .sort((a, b) => a - b);
}

const HOUR_MS = 60 * 60_000;

/** The zone's UTC offset at an instant, in milliseconds (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = zoneFormatter('dateTime', timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The reminder of one local day: the instant `time` stands for on `date` in `timeZone`, the way a wall clock (and
 * Temporal's "compatible" rule) reads it. A time that happens twice on a fall-back day is its first occurrence; a
 * time the clocks skip on a spring-forward day (02:30 when 02:00 jumps to 03:00) is read with the offset from
 * before the change, which lands the same distance past the jump (03:30). Either way one occurrence per day,
 * and it always belongs to `date`, whatever the local date of the instant (ADR 042).
 */
export function reminderOn(date: string, time: string, timeZone: string): ReminderOccurrence {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets half a day either side cover every real change (none is longer than a few hours).
  const before = offsetAt(wall - 12 * HOUR_MS, timeZone);
  const after = offsetAt(wall + 12 * HOUR_MS, timeZone);
  const valid = [wall - before, wall - after]
    .filter((instant) => wall - offsetAt(instant, timeZone) === instant)
    .sort((a, b) => a - b);
  return { at: new Date(valid[0] ?? wall - before), localDate: date };
}

/**
 * The first reminder strictly after `after`: the earliest local day (from the day before `after`'s local date,
 * since a zone far ahead of UTC may have its reminder instant earlier, to a week and a day later) on a chosen
 * weekday whose reminder instant is later than `after`. Null when no weekday is chosen.
 */
export function nextReminder(rule: ReminderRule, timeZone: string, after: Date): ReminderOccurrence | null {
  const weekdays = new Set<number>(normaliseWeekdays(rule.weekdays));
  if (weekdays.size === 0 || !isReminderTime(rule.time)) return null;
  const today = localDate(after, timeZone);
  for (let offset = -1; offset <= 8; offset++) {
    const date = addDays(today, offset);
    if (!weekdays.has(weekdayIndex(date))) continue;
    const occurrence = reminderOn(date, rule.time, timeZone);
    if (occurrence.at.getTime() > after.getTime()) return occurrence;
  }
  return null;
}

/** Whether a reminder that fell due at `due` is still worth sending at `now` (see REMINDER_LATE_LIMIT_MS). */
export function isReminderStale(due: Date, now: Date): boolean {
  return now.getTime() - due.getTime() > REMINDER_LATE_LIMIT_MS;
}

/** "Weekdays", "Every day", "Mon, Wed, Fri": the chosen days in a few words, for the confirmation and the mail. */
export function describeWeekdays(weekdays: readonly number[]): string {
  const days = normaliseWeekdays(weekdays);
  if (days.length === 7) return 'Every day';
  if (days.length === 0) return 'No days';
  if (days.join() === '0,1,2,3,4') return 'Weekdays';
  if (days.join() === '5,6') return 'Weekends';
  return days.map((day) => WEEKDAY_NAMES[day].short).join(', ');
}
