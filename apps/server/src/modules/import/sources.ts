import {
  ARCHIVE_LAYOUT,
  ARCHIVE_SCHEMA_VERSION,
  ArchiveEntry,
  ArchiveManifest,
  DayOneEntry,
  DayOneJournal,
  daybookCandidate,
  dayOneCandidate,
  firstImportIssue,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportCandidate,
  type ImportSkip,
  type ImportSource,
  parseImportRecord,
} from '@daybook/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { readJsonRecords } from './json-records.ts';
import type { ZipArchive } from './zip.ts';

/** Which export an archive is, and the JSON file that lists its entries. */
export type ArchiveKind = { source: ImportSource; file: string };

/** What reading an archive hands on, record by record, in the file's order. */
export type ArchiveVisitor = {
  /** The file is not read further until the promise settles: this is where the caller checks and stages. */
  candidate(candidate: ImportCandidate): Promise<void>;
  /** A record that is listed as skipped rather than imported. */
  skip(skip: ImportSkip): void;
};

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Which export this is, by its top-level files: Daybook's entries.json, else Day One's Journal.json (or the one
 * JSON file at the top, which Day One names after the journal).
 */
export function archiveKind(zip: ZipArchive): ArchiveKind {
  if (zip.names.has(ARCHIVE_LAYOUT.manifest)) return { source: 'daybook', file: ARCHIVE_LAYOUT.manifest };
  const topJson = [...zip.names].filter(
    (name) => !name.includes('/') && name.toLowerCase().endsWith('.json'),
  );
  const journal =
    topJson.find((name) => name === 'Journal.json') ?? (topJson.length === 1 ? topJson[0] : null);
  if (!journal) throw invalid(IMPORT_MESSAGES.unknownFormat);
  return { source: 'dayone', file: journal };
}

/** The members around the entries (version, metadata) checked by the file's schema once it has been read. */
function checkHead(schema: z.ZodType, head: Record<string, unknown>, sawArray: boolean, file: string) {
  // The entries were checked one by one as they came; an empty list stands in for them here.
  const parsed = schema.safeParse(sawArray ? { ...head, entries: [] } : head);
  if (!parsed.success) throw invalid(IMPORT_MESSAGES.badJson(file, `${firstImportIssue(parsed.error)}.`));
}

/**
 * Streams the archive's JSON (ADR 054): each entry is checked by its schema and made a candidate by the shared
 * pure mapping as soon as it is read, and handed to the visitor before the next is read. Returns how many entries
 * the file held. Throws the file's first fault; what the visitor staged before it is the caller's to drop.
 */
export async function readArchive(
  zip: ZipArchive,
  kind: ArchiveKind,
  fallbackZone: string,
  visitor: ArchiveVisitor,
): Promise<number> {
  const { file, source } = kind;
  if (zip.sizeOf(file) > IMPORT_LIMITS.maxJsonBytes) throw invalid(IMPORT_MESSAGES.jsonTooLarge(file));
  const files = { has: (name: string) => zip.names.has(name) };
  // A Daybook entry that does not fit today's schema may be from a newer version whose number comes later in
  // the file: the fault waits for the end of the file, which then tells which message is true.
  let pending: AppError | null = null;
  let version: number | null = null;

  const result = await readJsonRecords(await zip.stream(file), {
    file,
    arrayKey: 'entries',
    maxValueChars: IMPORT_LIMITS.maxEntryJsonChars,
    maxRecords: IMPORT_LIMITS.maxEntries,
    tooManyRecords: () => invalid(IMPORT_MESSAGES.tooManyEntries(IMPORT_LIMITS.maxEntries)),
    onMember(key, value) {
      if (source !== 'daybook' || key !== 'schemaVersion' || typeof value !== 'number') return;
      version = value;
      if (version > ARCHIVE_SCHEMA_VERSION) throw invalid(IMPORT_MESSAGES.newerVersion(version));
    },
    async onRecord(value, index) {
      if (pending) return;
      if (source === 'dayone') {
        const entry = parseImportRecord(DayOneEntry, value, file, ['entries', index]);
        if ('message' in entry) throw invalid(entry.message);
        return visitor.candidate(dayOneCandidate(entry.data, files, fallbackZone));
      }
      const entry = parseImportRecord(ArchiveEntry, value, file, ['entries', index]);
      if ('message' in entry) {
        pending = invalid(entry.message);
        if (version !== null) throw pending;
        return;
      }
      const mapped = daybookCandidate(entry.data, files);
      if ('skip' in mapped) return visitor.skip(mapped.skip);
      return visitor.candidate(mapped.candidate);
    },
  });
  if (source === 'daybook') {
    const head = ArchiveManifest.pick({ schemaVersion: true }).safeParse(result.head);
    if (head.success && head.data.schemaVersion > ARCHIVE_SCHEMA_VERSION)
      throw invalid(IMPORT_MESSAGES.newerVersion(head.data.schemaVersion));
    if (pending) throw pending;
  }
  checkHead(source === 'daybook' ? ArchiveManifest : DayOneJournal, result.head, result.sawArray, file);
  return result.records;
}
