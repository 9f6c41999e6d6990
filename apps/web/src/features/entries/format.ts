/** Times and dates of entries, each in the zone it was written in (ADR 066). */
import { type Entry, entryClockTime, entryTimeZone, zoneFormatter } from '@daybook/shared';

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

/** The reader's locale: times are read as this browser writes them ("9:30 PM", "21:30"). */
const readerLocale = () => (typeof navigator === 'undefined' ? undefined : navigator.language || undefined);

/**
 * An entry's time on the clock where it was written: "9:30 PM", or "9:30 PM EDT" when that zone read otherwise
 * than the account's own (the zone the person calls theirs, ADR 066). A zone this browser does not know
 * (newer than its data) is told in the account's zone instead.
 */
export function entryClock(entry: Pick<Entry, 'createdAt' | 'timeZone'>, accountZone: string): string {
  const instant = new Date(entry.createdAt);
  try {
    return entryClockTime(instant, entryTimeZone(entry, accountZone), accountZone, readerLocale());
  } catch {
    return entryTime(instant, accountZone);
  }
}

/** The accessible name of an entry card: "Entry from Saturday, November 21, 2026 at 3:04 PM", on its own clock. */
export function entryLabel(entry: Pick<Entry, 'createdAt' | 'timeZone'>, accountZone: string): string {
  return `Entry from ${entryLongDate(entry.createdAt, entryTimeZone(entry, accountZone))} at ${entryClock(entry, accountZone)}`;
}

/** "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 entry", "12 entries". */
export const entryCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'entry' : 'entries'}`;
