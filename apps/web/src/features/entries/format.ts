/** Times and dates of entries in the user's time zone (the one their entry dates are counted in). */

function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** "3:04 PM". */
export function entryTime(instant: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: safeZone(timeZone),
  }).format(new Date(instant));
}

/** "Saturday, November 21, 2026". */
export function entryLongDate(instant: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: safeZone(timeZone),
  }).format(new Date(instant));
}

/** The accessible name of an entry card: "Entry from Saturday, November 21, 2026 at 3:04 PM". */
export function entryLabel(createdAt: string, timeZone?: string): string {
  return `Entry from ${entryLongDate(createdAt, timeZone)} at ${entryTime(createdAt, timeZone)}`;
}

/** "1,234". */
export const formatCount = (n: number) => n.toLocaleString('en-US');

/** "1 entry", "12 entries". */
export const entryCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'entry' : 'entries'}`;
