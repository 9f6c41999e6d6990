import { FUTURE_MESSAGE_LIMITS, FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';

/** What the schedule dialog holds before it is sealed and sent. */
export type ScheduleDraft = {
  subject: string;
  message: string;
  /** yyyy-MM-dd, in the user's time zone. */
  date: string;
  /** HH:mm, in the user's time zone. */
  time: string;
};

export type DraftField = keyof ScheduleDraft;

/** The fields left blank (whitespace counts as blank), in the order the dialog shows them. */
export function blankFields(draft: ScheduleDraft): DraftField[] {
  return (['subject', 'message', 'date', 'time'] as const).filter((field) => draft[field].trim() === '');
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instant));
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

/** The send time is refused by the server outside 5 minutes to 10 years ahead; said on the field at once. */
export function sendTimeProblem(sendAt: Date, now: Date = new Date()): string | null {
  if (Number.isNaN(sendAt.getTime())) return FUTURE_MESSAGE_MESSAGES.missingFields;
  if (sendAt.getTime() < now.getTime() + FUTURE_MESSAGE_LIMITS.earliestAheadMs) {
    return FUTURE_MESSAGE_MESSAGES.tooSoon;
  }
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + FUTURE_MESSAGE_LIMITS.latestAheadYears);
  if (sendAt.getTime() > latest.getTime()) return FUTURE_MESSAGE_MESSAGES.tooLate;
  return null;
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

/** "22 Nov 2026, 18:30" in the user's time zone: when a message goes, or went. */
export function formatSendTime(iso: string | Date, timeZone: string): string {
  let formatter = displayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    displayFormatters.set(timeZone, formatter);
  }
  return formatter.format(typeof iso === 'string' ? new Date(iso) : iso);
}
