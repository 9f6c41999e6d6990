/** Times and dates of entries in the user's time zone (the one their entry dates are counted in). */
import { zoneFormatter } from '@daybook/shared';

/**
 * A cached formatter in the user's time zone, or in the browser's when theirs is unknown to this browser (a zone
 * name can be newer than the browser's data).
 */
function zoned(kind: 'time' | 'longDate', timeZone: string | undefined): Intl.DateTimeFormat {
  try {
    return zoneFormatter(kind, timeZone);
  } catch {
    return zoneFormatter(kind, undefined);
  }
}

/** "3:04 PM". */
export function entryTime(instant: string | Date, timeZone?: string): string {
  return zoned('time', timeZone).format(new Date(instant));
}

/** "Saturday, November 21, 2026". */
export function entryLongDate(instant: string | Date, timeZone?: string): string {
  return zoned('longDate', timeZone).format(new Date(instant));
}

/** The accessible name of an entry card: "Entry from Saturday, November 21, 2026 at 3:04 PM". */
export function entryLabel(createdAt: string, timeZone?: string): string {
  return `Entry from ${entryLongDate(createdAt, timeZone)} at ${entryTime(createdAt, timeZone)}`;
}

/** "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 entry", "12 entries". */
export const entryCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'entry' : 'entries'}`;
