import {
  ARCHIVE_LAYOUT,
  ARCHIVE_SCHEMA_VERSION,
  ArchiveManifest,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportSkip,
  type ImportSource,
  localDate,
  type MediaType,
  MOODS,
  stripDayOneMoments,
} from '@daybook/shared';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { ZipArchive } from './zip.ts';

/** One entry of an archive, whatever its source, before its text is split, checked and encrypted. */
export type Candidate = {
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
  /** The one attachment to import, by its path inside the zip. */
  media: { path: string; type: MediaType } | null;
  /** Attachments and anything else of this entry that is not imported. */
  skipped: ImportSkip[];
};

export type ParsedArchive = { source: ImportSource; candidates: Candidate[]; skipped: ImportSkip[] };

/*
 * Day One's JSON export (version 1.0 of its "JSON" format): Journal.json (or <journal name>.json) with
 * `entries[]`, each with uuid, creationDate (ISO, UTC), timeZone (IANA), text (Markdown with
 * `![](dayone-moment://<identifier>)` where an attachment sits), tags[], and photos[] / audios[] / videos[] whose
 * files are photos/<md5>.<type>, audios/<md5>.<format> and videos/<md5>.<type>. Unknown fields are ignored.
 */
const DayOneAttachment = z.object({
  identifier: z.string().max(200).optional(),
  md5: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/)
    .optional(),
  type: z.string().max(20).optional(),
  format: z.string().max(20).optional(),
  orderInEntry: z.number().optional(),
});
type DayOneAttachment = z.infer<typeof DayOneAttachment>;

const DayOneEntry = z.object({
  uuid: z.string().min(1).max(100),
  creationDate: z.iso.datetime({ offset: true }),
  modifiedDate: z.iso.datetime({ offset: true }).optional(),
  timeZone: z.string().max(100).optional(),
  text: z.string().optional(),
  tags: z.array(z.string().max(200)).max(200).optional(),
  starred: z.boolean().optional(),
  photos: z.array(DayOneAttachment).optional(),
  audios: z.array(DayOneAttachment).optional(),
  videos: z.array(DayOneAttachment).optional(),
});

const DayOneJournal = z.object({
  metadata: z.object({ version: z.string().optional() }).optional(),
  entries: z.array(DayOneEntry),
});

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

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const label = (day: string) => `Entry of ${day}`;

/** The first zod problem as words: "entries.3.creationDate: Invalid ISO datetime". */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it does not match the expected format';
  const at = issue.path.join('.');
  return at ? `${at}: ${issue.message}` : issue.message;
}

function parseJson<T>(schema: z.ZodType<T>, bytes: Buffer, file: string): T {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.badJson(file, 'it is not valid JSON.'));
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.badJson(file, `${firstIssue(parsed.error)}.`));
  return parsed.data;
}

function tooMany(count: number) {
  if (count > IMPORT_LIMITS.maxEntries)
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.tooManyEntries(IMPORT_LIMITS.maxEntries));
}

/** Day One's attachment file name from what the entry says about it. */
function dayOneFile(folder: 'photos' | 'audios' | 'videos', item: DayOneAttachment): string | null {
  const ext = (folder === 'audios' ? (item.format ?? 'm4a') : (item.type ?? '')).toLowerCase();
  return item.md5 && ext ? `${folder}/${item.md5}.${ext}` : null;
}

function dayOneCandidate(
  entry: z.infer<typeof DayOneEntry>,
  zip: ZipArchive,
  fallbackZone: string,
): Candidate {
  const createdAt = new Date(entry.creationDate);
  const timeZone = entry.timeZone && isTimeZone(entry.timeZone) ? entry.timeZone : fallbackZone;
  const entryDate = localDate(createdAt, timeZone);
  const attachments = [
    ...(entry.photos ?? []).map((item) => ({ item, folder: 'photos' as const })),
    ...(entry.audios ?? []).map((item) => ({ item, folder: 'audios' as const })),
    ...(entry.videos ?? []).map((item) => ({ item, folder: 'videos' as const })),
  ].sort((a, b) => (a.item.orderInEntry ?? 0) - (b.item.orderInEntry ?? 0));
  const skipped: ImportSkip[] = [];
  let media: Candidate['media'] = null;
  for (const { item, folder } of attachments) {
    const file = dayOneFile(folder, item);
    const what = file ?? `${folder}/${item.identifier ?? 'attachment'}`;
    if (media) {
      skipped.push({
        item: what,
        reason: `${label(entryDate)}: only the first attachment of an entry is imported.`,
      });
      continue;
    }
    const type = file ? EXTENSION_TYPE[file.split('.').pop() ?? ''] : undefined;
    if (!file || !zip.names.has(file)) {
      skipped.push({ item: what, reason: `${label(entryDate)}: the file is missing from the archive.` });
    } else if (!type || (folder === 'photos') !== (type === 'image')) {
      skipped.push({ item: file, reason: `${label(entryDate)}: this file type is not supported.` });
    } else {
      media = { path: file, type };
    }
  }
  return {
    key: `dayone:${entry.uuid}`,
    label: label(entryDate),
    text: stripDayOneMoments(entry.text ?? ''),
    tags: entry.tags ?? [],
    moodTag: null,
    sourceType: 'journal',
    createdAt,
    updatedAt: entry.modifiedDate ? new Date(entry.modifiedDate) : createdAt,
    entryDate,
    timeZone,
    media,
    skipped,
  };
}

async function readDayOne(zip: ZipArchive, file: string, fallbackZone: string): Promise<ParsedArchive> {
  const journal = parseJson(DayOneJournal, await zip.read(file, IMPORT_LIMITS.maxJsonBytes), file);
  tooMany(journal.entries.length);
  return {
    source: 'dayone',
    candidates: journal.entries.map((entry) => dayOneCandidate(entry, zip, fallbackZone)),
    skipped: [],
  };
}

async function readDaybook(zip: ZipArchive): Promise<ParsedArchive> {
  const file = ARCHIVE_LAYOUT.manifest;
  const bytes = await zip.read(file, IMPORT_LIMITS.maxJsonBytes);
  const version = z.object({ schemaVersion: z.number() }).safeParse(
    (() => {
      try {
        return JSON.parse(bytes.toString('utf8'));
      } catch {
        return null;
      }
    })(),
  );
  if (version.success && version.data.schemaVersion > ARCHIVE_SCHEMA_VERSION)
    throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.newerVersion(version.data.schemaVersion));
  const manifest = parseJson(ArchiveManifest, bytes, file);
  tooMany(manifest.entries.length);
  const skipped: ImportSkip[] = [];
  const candidates: Candidate[] = [];
  for (const entry of manifest.entries) {
    if (entry.sourceType === 'future_me') {
      skipped.push({
        item: label(entry.entryDate),
        reason: 'Messages to your future self are not imported.',
      });
      continue;
    }
    const entrySkips: ImportSkip[] = [];
    let media: Candidate['media'] = null;
    if (entry.media && entry.contentType !== 'text') {
      if (zip.names.has(entry.media.path)) media = { path: entry.media.path, type: entry.contentType };
      else
        entrySkips.push({
          item: entry.media.path,
          reason: `${label(entry.entryDate)}: the file is missing from the archive.`,
        });
    }
    candidates.push({
      key: `daybook:${entry.id}`,
      label: label(entry.entryDate),
      text: entry.text,
      tags: [],
      moodTag: entry.moodTag && MOOD_NAMES.has(entry.moodTag) ? entry.moodTag : null,
      sourceType: entry.sourceType,
      createdAt: new Date(entry.createdAt),
      updatedAt: new Date(entry.updatedAt),
      entryDate: entry.entryDate,
      timeZone: isTimeZone(entry.timeZone) ? entry.timeZone : 'UTC',
      media,
      skipped: entrySkips,
    });
  }
  return { source: 'daybook', candidates, skipped };
}

/**
 * Which export this is, by its top-level files: Daybook's entries.json, else Day One's Journal.json (or the one
 * JSON file at the top, which Day One names after the journal).
 */
export async function readArchive(zip: ZipArchive, fallbackZone: string): Promise<ParsedArchive> {
  if (zip.names.has(ARCHIVE_LAYOUT.manifest)) return readDaybook(zip);
  const topJson = [...zip.names].filter(
    (name) => !name.includes('/') && name.toLowerCase().endsWith('.json'),
  );
  const journal =
    topJson.find((name) => name === 'Journal.json') ?? (topJson.length === 1 ? topJson[0] : null);
  if (!journal) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.unknownFormat);
  return readDayOne(zip, journal, fallbackZone);
}
