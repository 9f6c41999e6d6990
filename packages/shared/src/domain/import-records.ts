import type { z } from 'zod';
import { MOODS } from '../constants.ts';
import type { ArchiveEntry } from '../schemas/archive.ts';
import {
  type DayOneAttachment,
  type DayOneEntry,
  IMPORT_MESSAGES,
  type ImportSkip,
} from '../schemas/import.ts';
import type { MediaType } from '../schemas/media.ts';
import { localDate } from './entry-text.ts';
import { hasDayOneMoments, linkDayOneEntries, placeDayOneMoments } from './import-text.ts';
import { isTimeZone } from './zone-formatters.ts';

/*
 * One record of an archive's JSON (a Day One entry, a Daybook entry), already parsed, becomes one import
 * candidate (ADR 037, ADR 054). Pure: the server reads records from a stream and hands them here one at a time,
 * and a browser-side import can hand the same records from its own reader.
 */

/** One entry of an archive, whatever its source, before its text is split, checked and encrypted. */
export type ImportCandidate = {
  /** "dayone:<uuid>" or "daybook:<id>": unique per user once imported (entries.import_key). */
  key: string;
  /** "Entry of 2021-05-04", how the preview and report name it. */
  label: string;
  text: string;
  /** Tags to append as hashtags (Day One); Daybook's themes are already hashtags in the text. */
  tags: string[];
  moodTag: string | null;
  sourceType: 'journal' | 'empty';
  createdAt: Date;
  updatedAt: Date;
  entryDate: string;
  timeZone: string;
  /** The attachment the entry itself carries (`mediaUrl`), by its path inside the zip. */
  media: ImportMedia | null;
  /** The further attachments, in the entry's order (ADR 088); only imported entries have any. */
  attachments: ImportAttachment[];
  /**
   * Day One text that still holds its `dayone-moment:` references: they are placed (ADR 088) once the import knows
   * which attachments came in, and numbered as the entry's gallery numbers them.
   */
  hasMoments: boolean;
  /** Attachments and anything else of this entry that is not imported. */
  skipped: ImportSkip[];
};

/** An attachment to import: its file inside the zip, its kind, and Day One's identifier for it in the text. */
export type ImportMedia = { path: string; type: MediaType; identifier?: string | undefined };
export type ImportAttachment = { path: string; type: MediaType | 'pdf'; identifier?: string | undefined };

/** How an attachment is named in the text's mark and on the card's gallery: "Photo 2", "PDF 3" (ADR 088). */
export const ATTACHMENT_NAMES: Record<MediaType | 'pdf', string> = {
  image: 'Photo',
  audio: 'Audio',
  video: 'Video',
  pdf: 'PDF',
};

/** What a record becomes: a candidate, or something listed as skipped (a Daybook Future Me message). */
export type ImportRecordResult = { candidate: ImportCandidate } | { skip: ImportSkip };

/** Asks whether the archive holds a file at this path (its checked central directory). */
export type ArchiveFiles = { has(path: string): boolean };

/** The image formats Daybook stores; HEIC, TIFF and the rest are reported as skipped. */
const EXTENSION_TYPE: Record<string, MediaType> = {
  jpeg: 'image',
  jpg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  m4a: 'audio',
  aac: 'audio',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  mov: 'video',
  mp4: 'video',
  webm: 'video',
};

const MOOD_NAMES: ReadonlySet<string> = new Set(MOODS.map((m) => m.label));

export const importLabel = (day: string) => `Entry of ${day}`;

/** The first zod problem as words, under `prefix`: "entries.3.creationDate: Invalid ISO datetime". */
export function firstImportIssue(error: z.ZodError, prefix: (string | number)[] = []): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match the expected format';
  const at = [...prefix, ...issue.path.map(String)].join('.');
  return at ? `${at}: ${issue.message}` : issue.message;
}

/**
 * Checks one record against its schema; on a fault, the file's message naming the record's path
 * ("Journal.json is not a valid export file: entries.0.creationDate: Invalid ISO datetime.").
 */
export function parseImportRecord<T>(
  schema: z.ZodType<T>,
  value: unknown,
  file: string,
  path: (string | number)[],
): { data: T } | { message: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data };
  return { message: IMPORT_MESSAGES.badJson(file, `${firstImportIssue(parsed.error, path)}.`) };
}

/**
 * The file names an attachment may have, most likely first: Day One names files by md5, with the photo's `type`
 * as extension, and writes audio as `.m4a` whatever its record's `format` says ("aac").
 */
function dayOneFiles(folder: 'photos' | 'audios' | 'videos' | 'pdfs', item: DayOneAttachment): string[] {
  if (!item.md5) return [];
  const declared = (folder === 'audios' ? item.format : item.type)?.toLowerCase();
  const usual = {
    photos: ['jpeg', 'jpg', 'png', 'heic'],
    audios: ['m4a', 'aac', 'mp3'],
    videos: ['mov', 'mp4'],
    pdfs: ['pdf'],
  }[folder];
  return [...new Set([...(declared ? [declared] : []), ...usual])].map(
    (ext) => `${folder}/${item.md5}.${ext}`,
  );
}

/**
 * A Day One entry (checked with DayOneEntry) as a candidate, with every attachment (ADR 088): the first photo,
 * voice note or video in the entry's order is the entry's own, the others and its PDFs follow in order; files
 * missing from the archive or of a type Daybook cannot keep are listed as skipped, by name. `journal`, when the
 * archive holds several journals, becomes a theme of the entry (ADR 070). `files` answers for paths relative to the
 * export's own folder.
 */
export function dayOneCandidate(
  entry: DayOneEntry,
  files: ArchiveFiles,
  fallbackZone: string,
  journal: string | null = null,
): ImportCandidate {
  const createdAt = new Date(entry.creationDate);
  const timeZone = entry.timeZone && isTimeZone(entry.timeZone) ? entry.timeZone : fallbackZone;
  const entryDate = localDate(createdAt, timeZone);
  const label = importLabel(entryDate);
  const found = [
    ...(entry.photos ?? []).map((item) => ({ item, folder: 'photos' as const })),
    ...(entry.audios ?? []).map((item) => ({ item, folder: 'audios' as const })),
    ...(entry.videos ?? []).map((item) => ({ item, folder: 'videos' as const })),
    ...(entry.pdfAttachments ?? []).map((item) => ({ item, folder: 'pdfs' as const })),
  ].sort((a, b) => (a.item.orderInEntry ?? 0) - (b.item.orderInEntry ?? 0));
  const skipped: ImportSkip[] = [];
  let media: ImportMedia | null = null;
  const attachments: ImportAttachment[] = [];
  for (const { item, folder } of found) {
    const names = dayOneFiles(folder, item);
    const file = names.find((name) => files.has(name)) ?? null;
    const what = file ?? names[0] ?? `${folder}/${item.identifier ?? 'attachment'}`;
    const extension = file?.split('.').pop()?.toLowerCase() ?? '';
    const type = folder === 'pdfs' ? (extension === 'pdf' ? 'pdf' : undefined) : EXTENSION_TYPE[extension];
    if (!file) {
      skipped.push({ item: what, reason: `${label}: the file is missing from the archive.` });
    } else if (!type || (folder === 'photos') !== (type === 'image')) {
      skipped.push({ item: file, reason: `${label}: this file type is not supported.` });
    } else if (!media && type !== 'pdf') {
      media = { path: file, type, identifier: item.identifier };
    } else {
      attachments.push({ path: file, type, identifier: item.identifier });
    }
  }
  const text = linkDayOneEntries(placeDayOneMoments(entry.text ?? '', (id) => `![](dayone-moment://${id})`));
  return {
    key: `dayone:${entry.uuid}`,
    label,
    text: withDetails(text, dayOneDetails(entry)),
    tags: [...(entry.tags ?? []), ...(journal ? [journal] : [])],
    moodTag: null,
    sourceType: 'journal',
    createdAt,
    updatedAt: entry.modifiedDate ? new Date(entry.modifiedDate) : createdAt,
    entryDate,
    timeZone,
    media,
    attachments,
    hasMoments: hasDayOneMoments(text),
    skipped,
  };
}

/**
 * What Day One knows about an entry besides its text, as one line: "Starred · Place: Praça do Comércio, Lisbon,
 * Portugal · Weather: Partly Cloudy, 21 °C". It is kept in the entry's text, which is encrypted, not as
 * columns the server could read: where someone was is as private as what they wrote (ADR 078). Null when Day One
 * wrote none of it.
 */
export function dayOneDetails(entry: Pick<DayOneEntry, 'starred' | 'location' | 'weather'>): string | null {
  const details: string[] = [];
  if (entry.starred) details.push('Starred');
  const { placeName, localityName, administrativeArea, country } = entry.location ?? {};
  const place = [
    ...new Set([placeName, localityName, administrativeArea, country].map((part) => part?.trim())),
  ];
  const placeLine = place.filter(Boolean).join(', ');
  if (placeLine) details.push(`Place: ${placeLine}`);
  const { conditionsDescription, temperatureCelsius } = entry.weather ?? {};
  const weather = [
    conditionsDescription?.trim(),
    temperatureCelsius === undefined ? undefined : `${Math.round(temperatureCelsius)} °C`,
  ].filter(Boolean);
  if (weather.length > 0) details.push(`Weather: ${weather.join(', ')}`);
  return details.length > 0 ? details.join(' · ') : null;
}

const withDetails = (text: string, details: string | null) =>
  details ? `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${details}` : text;

/** The prefix of an entry's archive identity when it was written in Daybook: "daybook:<its id>". */
export const DAYBOOK_KEY_PREFIX = 'daybook:';

/**
 * The identity an entry keeps across exports and imports (ADR 068): where it came from when it was imported, else
 * the Daybook entry it is. An entry written here matches "daybook:<its id>", so one's own export adds nothing.
 */
export const archiveIdentity = (entry: { id: string; importKey?: string | null | undefined }) =>
  entry.importKey ?? `${DAYBOOK_KEY_PREFIX}${entry.id}`;

/** A Daybook archive's entry (checked with ArchiveEntry) as a candidate; Future Me messages are listed as skipped. */
export function daybookCandidate(entry: ArchiveEntry, files: ArchiveFiles): ImportRecordResult {
  const label = importLabel(entry.entryDate);
  if (entry.sourceType === 'future_me')
    return { skip: { item: label, reason: 'Messages to your future self are not imported.' } };
  const skipped: ImportSkip[] = [];
  let media: ImportCandidate['media'] = null;
  if (entry.media && entry.contentType !== 'text') {
    if (files.has(entry.media.path)) media = { path: entry.media.path, type: entry.contentType };
    else skipped.push({ item: entry.media.path, reason: `${label}: the file is missing from the archive.` });
  }
  const attachments: ImportAttachment[] = [];
  for (const attachment of entry.attachments ?? []) {
    if (files.has(attachment.path)) attachments.push({ path: attachment.path, type: attachment.contentType });
    else skipped.push({ item: attachment.path, reason: `${label}: the file is missing from the archive.` });
  }
  return {
    candidate: {
      key: archiveIdentity(entry),
      label,
      text: entry.text,
      tags: [],
      moodTag: entry.moodTag && MOOD_NAMES.has(entry.moodTag) ? entry.moodTag : null,
      sourceType: entry.sourceType,
      createdAt: new Date(entry.createdAt),
      updatedAt: new Date(entry.updatedAt),
      entryDate: entry.entryDate,
      timeZone: isTimeZone(entry.timeZone) ? entry.timeZone : 'UTC',
      media,
      attachments,
      hasMoments: false,
      skipped,
    },
  };
}
