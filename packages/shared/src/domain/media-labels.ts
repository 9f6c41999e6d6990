/*
 * What the media viewer writes about an attachment (ADR 086): its caption and the name a download is saved under.
 * A module of their own: only the viewer's code, which loads when a list first shows an attachment, needs them,
 * so they stay out of the dashboard's first JavaScript (ADR 076).
 */
import { APP_NAME, ENTRY_LIMITS } from '../constants.ts';
import { markdownToPlainText } from './markdown.ts';
import { zoneFormatter } from './zone-formatters.ts';

/**
 * A caption for an entry's media (the viewer's): the first line of the text as read, without Markdown's markup,
 * cut as the list cuts a long text (docs/product/entries.md#entries-list: the first 200 characters, trailing spaces dropped, then "..."). Empty
 * when the entry has no words.
 */
export function captionOf(markdown: string, maxChars: number = ENTRY_LIMITS.truncateAt): string {
  const firstLine = markdownToPlainText(markdown)
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');
  if (!firstLine) return '';
  return firstLine.length > maxChars ? `${firstLine.slice(0, maxChars).trimEnd()}...` : firstLine;
}

/** The local wall clock of an instant in a zone, as yyyy-MM-dd and HHmm; an unknown zone reads as UTC. */
function wallClock(instant: Date, timeZone: string | undefined): { day: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = zoneFormatter('dateTime', timeZone).formatToParts(instant);
  } catch {
    parts = zoneFormatter('dateTime', 'UTC').formatToParts(instant);
  }
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    (parts.find((part) => part.type === type)?.value ?? '0').padStart(2, '0');
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}${get('minute')}` };
}

/**
 * The name a downloaded attachment is saved under: "daybook-2026-11-28-1504.jpg", the day and time on the clock
 * it was written by (its zone, ADR 066), so that a folder of downloads sorts as the journal does, and the stored
 * file's own extension (the type it really is). Nothing of the entry's text goes into it.
 */
export function mediaDownloadName(
  writtenAt: string | Date,
  timeZone: string | undefined,
  storagePath: string | null | undefined,
): string {
  const instant = writtenAt instanceof Date ? writtenAt : new Date(writtenAt);
  const stem = APP_NAME.toLowerCase();
  const extension = /\.([a-z0-9]{1,5})$/i.exec(storagePath?.split('/').pop() ?? '')?.[1]?.toLowerCase();
  const suffix = extension ? `.${extension}` : '';
  if (Number.isNaN(instant.getTime())) return `${stem}${suffix}`;
  const { day, time } = wallClock(instant, timeZone);
  return `${stem}-${day}-${time}${suffix}`;
}
