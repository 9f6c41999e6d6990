/** Times and dates of entries, each in the zone it was written in (ADR 066), in the reader's locale (ADR 085). */
import { type Entry, entryClockTime, entryTimeZone } from '@daybook/shared';
import { formatInstant, readerLocale } from '../../lib/dates.ts';

/** "15:04" / "3:04 PM", in the given zone (undefined, or one this browser does not know: the browser's). */
export const entryTime = (instant: string | Date, timeZone?: string): string =>
  formatInstant('time', instant, timeZone);

/** "Saturday, 21 November 2026" / "Saturday, November 21, 2026". */
export const entryLongDate = (instant: string | Date, timeZone?: string): string =>
  formatInstant('longDate', instant, timeZone);

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
