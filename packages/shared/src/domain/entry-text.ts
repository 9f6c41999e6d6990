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
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const recent = recentLocalDates.get(timeZone);
  if (recent?.minute === minute) return recent.date;
  const parts = zoneFormatter('date', timeZone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${get('year')}-${get('month')}-${get('day')}`;
  // Every zone's offset has been a whole number of minutes since 1972, so a local date never changes inside a UTC
  // minute: "today" is asked on every signed-in dashboard request, and formatting it is ICU work (ADR 047).
  if (instant.getTime() >= WHOLE_MINUTE_OFFSETS_SINCE) {
    // Zone names are case-insensitive: spellings are many, so the map is emptied rather than left to grow.
    if (recentLocalDates.size >= 1_000) recentLocalDates.clear();
    recentLocalDates.set(timeZone, { minute, date });
  }
  return date;
}

const MINUTE_MS = 60_000;
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1973, 0, 1);
/** One entry per zone asked about (bounded by the zone database), holding the last minute's answer. */
const recentLocalDates = new Map<string, { minute: number; date: string }>();
