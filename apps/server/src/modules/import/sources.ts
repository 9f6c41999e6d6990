import path from 'node:path';
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

/**
 * Which export an archive is, the folder it sits in ('' at the top; one folder when the zip was made of the
 * export's folder, as the Finder does), and the JSON files that list its entries: Daybook's entries.json, or
 * every journal file of a Day One export (one per journal, named after it; ADR 070).
 */
export type ArchiveKind = { source: ImportSource; root: string; files: string[] };

/** What reading an archive hands on, record by record, in the files' order. */
export type ArchiveVisitor = {
  /** The file is not read further until the promise settles: this is where the caller checks and stages. */
  candidate(candidate: ImportCandidate): Promise<void>;
  /** A record that is listed as skipped rather than imported. */
  skip(skip: ImportSkip): void;
  /** How much of the archive's JSON has been read, 0 to 1 (an import's progress while it is checked). */
  read?(fraction: number): void;
};

/** The journal a Day One file holds, from its name: "Travel.json" is "Travel". */
export const journalName = (file: string) => path.posix.basename(file, path.posix.extname(file));

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** The export's folder: the top of the zip, or the one folder everything sits in. */
function exportRoot(zip: ZipArchive): string {
  const tops = new Set([...zip.names].map((name) => (name.includes('/') ? `${name.split('/')[0]}/` : '')));
  const [only] = tops;
  return tops.size === 1 && only ? only : '';
}

export function archiveKind(zip: ZipArchive): ArchiveKind {
  const root = exportRoot(zip);
  if (zip.names.has(`${root}${ARCHIVE_LAYOUT.manifest}`))
    return { source: 'daybook', root, files: [`${root}${ARCHIVE_LAYOUT.manifest}`] };
  const journals = [...zip.names]
    .filter((name) => name.startsWith(root) && !name.slice(root.length).includes('/'))
    .filter((name) => name.toLowerCase().endsWith('.json'))
    .sort((a, b) => a.localeCompare(b));
  if (journals.length === 0) throw invalid(IMPORT_MESSAGES.unknownFormat);
  return { source: 'dayone', root, files: journals };
}

/** The members around the entries (version, metadata) checked by the file's schema once it has been read. */
function checkHead(schema: z.ZodType, head: Record<string, unknown>, sawArray: boolean, file: string) {
  // The entries were checked one by one as they came; an empty list stands in for them here.
  const parsed = schema.safeParse(sawArray ? { ...head, entries: [] } : head);
  if (!parsed.success) throw invalid(IMPORT_MESSAGES.badJson(file, `${firstImportIssue(parsed.error)}.`));
}

/**
 * Streams the archive's JSON files one after another (ADR 054): each entry is checked by its schema and made a
 * candidate by the shared pure mapping as soon as it is read, and handed to the visitor before the next is read.
 * Returns how many entries the files held. Throws the first fault; what the visitor staged before it is the
 * caller's to drop.
 */
export async function readArchive(
  zip: ZipArchive,
  kind: ArchiveKind,
  fallbackZone: string,
  visitor: ArchiveVisitor,
): Promise<number> {
  // Paths inside the export are relative to its folder, wherever the zip put it.
  const files = { has: (name: string) => zip.names.has(`${kind.root}${name}`) };
  const rooted = (candidate: ImportCandidate): ImportCandidate => ({
    ...candidate,
    media: candidate.media ? { ...candidate.media, path: `${kind.root}${candidate.media.path}` } : null,
    attachments: candidate.attachments.map((item) => ({ ...item, path: `${kind.root}${item.path}` })),
  });
  // Several journals: each entry keeps its journal's name as a theme (one journal needs no name).
  const isSeveral = kind.files.length > 1;
  const jsonBytes = kind.files.reduce((sum, file) => sum + zip.sizeOf(file), 0);
  let bytesBefore = 0;
  let total = 0;
  for (const file of kind.files) {
    const onBytes = (bytes: number) => visitor.read?.(jsonBytes > 0 ? (bytesBefore + bytes) / jsonBytes : 1);
    total += await readFile(zip, file, kind.source, IMPORT_LIMITS.maxEntries - total, onBytes, {
      async dayOne(entry) {
        await visitor.candidate(
          rooted(dayOneCandidate(entry, files, fallbackZone, isSeveral ? journalName(file) : null)),
        );
      },
      async daybook(entry) {
        const mapped = daybookCandidate(entry, files);
        if ('skip' in mapped) return visitor.skip(mapped.skip);
        await visitor.candidate(rooted(mapped.candidate));
      },
    });
    bytesBefore += zip.sizeOf(file);
  }
  return total;
}

/** One JSON file of the archive, record by record, at most `maxRecords` of them. */
async function readFile(
  zip: ZipArchive,
  file: string,
  source: ImportSource,
  maxRecords: number,
  onBytes: (bytes: number) => void,
  on: { dayOne(entry: DayOneEntry): Promise<void>; daybook(entry: ArchiveEntry): Promise<void> },
): Promise<number> {
  if (zip.sizeOf(file) > IMPORT_LIMITS.maxJsonBytes) throw invalid(IMPORT_MESSAGES.jsonTooLarge(file));
  // A Daybook entry that does not fit today's schema may be from a newer version whose number comes later in
  // the file: the fault waits for the end of the file, which then tells which message is true.
  let pending: AppError | null = null;
  let version: number | null = null;

  const result = await readJsonRecords(await zip.stream(file), {
    file,
    arrayKey: 'entries',
    maxValueChars: IMPORT_LIMITS.maxEntryJsonChars,
    maxRecords,
    tooManyRecords: () => invalid(IMPORT_MESSAGES.tooManyEntries(IMPORT_LIMITS.maxEntries)),
    onBytes,
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
        return on.dayOne(entry.data);
      }
      const entry = parseImportRecord(ArchiveEntry, value, file, ['entries', index]);
      if ('message' in entry) {
        pending = invalid(entry.message);
        if (version !== null) throw pending;
        return;
      }
      return on.daybook(entry.data);
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
