import { readingFormatter, zoneFormatter } from './zone-formatters.ts';

/*
 * An entry is told in the time zone it was written in (ADR 066): its day heading is its own local day and its
 * time its own wall clock, so the two never contradict each other, wherever the reader is now.
 */

/** The zone an entry is told in: its own, or the account's for an entry from before zones were recorded (null). */
export function entryTimeZone(entry: { timeZone: string | null }, accountZone: string): string {
  return entry.timeZone ?? accountZone;
}

/** Whether the wall clocks of two zones read alike at this instant ("US/Eastern" and "America/New_York" do). */
function readsAlike(instant: Date, zone: string, other: string): boolean {
  return zoneFormatter('dateTime', zone).format(instant) === zoneFormatter('dateTime', other).format(instant);
}

/**
 * An entry's time on its writer's clock, in the reader's locale (ADR 085): "9:30 PM", or "9:30 PM EDT" when that clock read
 * differently from the account's own zone at that moment (a zone only named differently carries no name).
 */
export function entryClockTime(
  instant: Date,
  entryZone: string,
  accountZone: string,
  locale: string | undefined,
): string {
  const style = readsAlike(instant, entryZone, accountZone) ? 'time' : 'timeWithZone';
  return readingFormatter(style, locale, entryZone).format(instant);
}
