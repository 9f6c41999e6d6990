import { FUTURE_MESSAGE_LIMITS, FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { formatInstant } from '../../lib/dates.ts';

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

/** "22 Nov 2026, 18:30" / "Nov 22, 2026, 6:30 PM" in the user's time zone: when a message goes, or went. */
export const formatSendTime = (iso: string | Date, timeZone: string): string =>
  formatInstant('dateAndTime', iso, timeZone);

/**
 * What the dialog says of a private letter (ADR 098): where its words go. The tick is off by default, and its hint
 * says plainly what ticking gives the server.
 */
export const PRIVATE_LETTER_WORDS = {
  sealed:
    'Your subject and message are sealed in this browser with your private key: only you can open them.',
  includeInEmail: 'Include the message in the e-mail',
  includeInEmailHint:
    "Daybook's server will read this one message to put it in the e-mail, which holds it in readable form. Without the tick, the e-mail only says that a message from your past self is waiting, with a link to Daybook.",
} as const;
