import { ENTRY_LIMITS } from '../constants.ts';
import { zoneFormatter } from './zone-formatters.ts';

/** Removes control characters (keeping newlines and tabs), normalises line endings, caps at 5,000 characters. */
export function sanitizeEntryText(input: string): string {
  return (
    input
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .normalize('NFC')
      .slice(0, ENTRY_LIMITS.maxChars)
  );
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/u).length : 0;
}

/** The yyyy-MM-dd date of an instant in a time zone: an entry's `entry_date` and the day daily limits count in. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = zoneFormatter('date', timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
