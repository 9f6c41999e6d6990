import {
  ARCHIVE_SCHEMA_VERSION,
  ArchiveEntry,
  type ArchiveKind,
  ArchiveManifest,
  ArchiveReadError,
  archiveKindOf,
  candidateOf,
  checkArchiveHead,
  DayOneEntry,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportCandidate,
  type ImportSkip,
  type ImportSource,
  parseImportRecord,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import { readJsonRecords } from './json-records.ts';
import type { ZipArchive } from './zip.ts';

/** Which export an archive is: the shared reading of its files' names (ADR 099: the browser's reader uses it too). */
export type { ArchiveKind } from '@daybook/shared';

/** What reading an archive hands on, record by record, in the files' order. */
export type ArchiveVisitor = {
  /** The file is not read further until the promise settles: this is where the caller checks and stages. */
  candidate(candidate: ImportCandidate): Promise<void>;
  /** A record that is listed as skipped rather than imported. */
  skip(skip: ImportSkip): void;
  /** How much of the archive's JSON has been read, 0 to 1 (an import's progress while it is checked). */
  read?(fraction: number): void;
};

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** The members around the entries (version, metadata) checked by the file's schema once it has been read. */
function checkHead(source: ImportSource, head: Record<string, unknown>, sawArray: boolean, file: string) {
  try {
    checkArchiveHead(source, head, sawArray, file);
  } catch (error) {
    if (error instanceof ArchiveReadError) throw invalid(error.message);
    throw error;
  }
}

export function archiveKind(zip: ZipArchive): ArchiveKind {
  try {
    return archiveKindOf(zip.names);
  } catch (error) {
    if (error instanceof ArchiveReadError) throw invalid(error.message);
    throw error;
  }
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
  const jsonBytes = kind.files.reduce((sum, file) => sum + zip.sizeOf(file), 0);
  let bytesBefore = 0;
  let total = 0;
  for (const file of kind.files) {
    const onBytes = (bytes: number) => visitor.read?.(jsonBytes > 0 ? (bytesBefore + bytes) / jsonBytes : 1);
    total += await readFile(zip, file, kind.source, IMPORT_LIMITS.maxEntries - total, onBytes, {
      // The same mapping as the browser's reader (ADR 099): paths rooted, journals named, Future Me skipped.
      async dayOne(entry) {
        const mapped = candidateOf(kind, zip.names, file, { source: 'dayone', entry }, fallbackZone);
        if ('skip' in mapped) return visitor.skip(mapped.skip);
        await visitor.candidate(mapped.candidate);
      },
      async daybook(entry) {
        const mapped = candidateOf(kind, zip.names, file, { source: 'daybook', entry }, fallbackZone);
        if ('skip' in mapped) return visitor.skip(mapped.skip);
        await visitor.candidate(mapped.candidate);
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
  checkHead(source, result.head, result.sawArray, file);
  return result.records;
}
