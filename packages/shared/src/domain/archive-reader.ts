import type { z } from 'zod';
import { ArchiveEntry, ArchiveManifest } from '../schemas/archive.ts';
import {
  DayOneEntry,
  DayOneJournal,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportSkip,
  type ImportSource,
} from '../schemas/import.ts';
import { ARCHIVE_LAYOUT, ARCHIVE_SCHEMA_VERSION } from './archive-paths.ts';
import {
  daybookCandidate,
  dayOneCandidate,
  firstImportIssue,
  type ImportCandidate,
  parseImportRecord,
} from './import-records.ts';

/*
 * Which export an archive is and how its JSON becomes candidates (ADR 037, 054, 070), for both readers (ADR 099):
 * the server streams each JSON file token by token (its memory bound, ADR 054) and the browser of a private-mode
 * account parses each file whole; both find the archive's kind, check each record and its file's head, and map it
 * with the same functions here and in import-records.ts, so one archive reads the same in both.
 */

/**
 * Which export an archive is, the folder it sits in ('' at the top; one folder when the zip was made of the
 * export's folder, as the Finder does), and the JSON files that list its entries: Daybook's entries.json, or
 * every journal file of a Day One export (one per journal, named after it; ADR 070).
 */
export type ArchiveKind = { source: ImportSource; root: string; files: string[] };

/** A fault that refuses the archive, with the message the person reads (the server's VALIDATION_FAILED). */
export class ArchiveReadError extends Error {}

/** The journal a Day One file holds, from its name: "Travel.json" is "Travel". */
export function journalName(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** The export's folder: the top of the zip, or the one folder everything sits in. */
function exportRoot(names: ReadonlySet<string>): string {
  const tops = new Set([...names].map((name) => (name.includes('/') ? `${name.split('/')[0]}/` : '')));
  const [only] = tops;
  return tops.size === 1 && only ? only : '';
}

/** The archive's kind from its files' names; throws ArchiveReadError when it is no export Daybook reads. */
export function archiveKindOf(names: ReadonlySet<string>): ArchiveKind {
  const root = exportRoot(names);
  if (names.has(`${root}${ARCHIVE_LAYOUT.manifest}`))
    return { source: 'daybook', root, files: [`${root}${ARCHIVE_LAYOUT.manifest}`] };
  const journals = [...names]
    .filter((name) => name.startsWith(root) && !name.slice(root.length).includes('/'))
    .filter((name) => name.toLowerCase().endsWith('.json'))
    .sort((a, b) => a.localeCompare(b));
  if (journals.length === 0) throw new ArchiveReadError(IMPORT_MESSAGES.unknownFormat);
  return { source: 'dayone', root, files: journals };
}

/**
 * The members around a file's entries (version, metadata) checked by its schema once it has been read; the entries
 * were checked one by one, so an empty list stands in for them. Throws ArchiveReadError with the file's message.
 */
export function checkArchiveHead(
  source: ImportSource,
  head: Record<string, unknown>,
  sawArray: boolean,
  file: string,
): void {
  const schema: z.ZodType = source === 'daybook' ? ArchiveManifest : DayOneJournal;
  const parsed = schema.safeParse(sawArray ? { ...head, entries: [] } : head);
  if (!parsed.success)
    throw new ArchiveReadError(IMPORT_MESSAGES.badJson(file, `${firstImportIssue(parsed.error)}.`));
}

/** A candidate's paths made relative to the zip's top (the export may sit in a folder). */
export function rootedCandidate(candidate: ImportCandidate, root: string): ImportCandidate {
  return {
    ...candidate,
    media: candidate.media ? { ...candidate.media, path: `${root}${candidate.media.path}` } : null,
    attachments: candidate.attachments.map((item) => ({ ...item, path: `${root}${item.path}` })),
  };
}

/** How a record of one file becomes a candidate or a skip, the same for both readers. */
export function candidateOf(
  kind: ArchiveKind,
  names: ReadonlySet<string>,
  file: string,
  record: { source: 'dayone'; entry: DayOneEntry } | { source: 'daybook'; entry: ArchiveEntry },
  fallbackZone: string,
): { candidate: ImportCandidate } | { skip: ImportSkip } {
  const files = { has: (name: string) => names.has(`${kind.root}${name}`) };
  if (record.source === 'dayone') {
    // Several journals: each entry keeps its journal's name as a theme (one journal needs no name).
    const journal = kind.files.length > 1 ? journalName(file) : null;
    return {
      candidate: rootedCandidate(dayOneCandidate(record.entry, files, fallbackZone, journal), kind.root),
    };
  }
  const mapped = daybookCandidate(record.entry, files);
  return 'skip' in mapped ? mapped : { candidate: rootedCandidate(mapped.candidate, kind.root) };
}

export type ArchiveJsonFiles = {
  /** Every file's name inside the zip (its checked central directory). */
  names: ReadonlySet<string>;
  /** The uncompressed size of a file, from the zip's directory. */
  sizeOf(file: string): number;
  /** A JSON file's text. */
  text(file: string): Promise<string>;
};

/**
 * The browser's reader (ADR 099): each JSON file parsed whole (within IMPORT_LIMITS.maxJsonBytes), every record
 * checked with the server's schemas and messages, and handed on in the files' order. Returns how many entries the
 * files held. Throws ArchiveReadError at the first fault, with the server's message for it.
 */
export async function readArchiveJson(
  kind: ArchiveKind,
  files: ArchiveJsonFiles,
  fallbackZone: string,
  visit: (result: { candidate: ImportCandidate } | { skip: ImportSkip }) => Promise<void> | void,
): Promise<number> {
  let total = 0;
  for (const file of kind.files) {
    if (files.sizeOf(file) > IMPORT_LIMITS.maxJsonBytes)
      throw new ArchiveReadError(IMPORT_MESSAGES.jsonTooLarge(file));
    let parsed: unknown;
    try {
      parsed = JSON.parse(await files.text(file));
    } catch (error) {
      throw new ArchiveReadError(IMPORT_MESSAGES.badJson(file, `${(error as Error).message}.`));
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new ArchiveReadError(IMPORT_MESSAGES.badJson(file, 'it is not a JSON object.'));
    const { entries, ...head } = parsed as Record<string, unknown>;
    if (kind.source === 'daybook' && typeof head.schemaVersion === 'number')
      if (head.schemaVersion > ARCHIVE_SCHEMA_VERSION)
        throw new ArchiveReadError(IMPORT_MESSAGES.newerVersion(head.schemaVersion));
    const records = Array.isArray(entries) ? entries : [];
    if (total + records.length > IMPORT_LIMITS.maxEntries)
      throw new ArchiveReadError(IMPORT_MESSAGES.tooManyEntries(IMPORT_LIMITS.maxEntries));
    for (const [index, value] of records.entries()) {
      if (kind.source === 'dayone') {
        const entry = parseImportRecord(DayOneEntry, value, file, ['entries', index]);
        if ('message' in entry) throw new ArchiveReadError(entry.message);
        await visit(
          candidateOf(kind, files.names, file, { source: 'dayone', entry: entry.data }, fallbackZone),
        );
      } else {
        const entry = parseImportRecord(ArchiveEntry, value, file, ['entries', index]);
        if ('message' in entry) throw new ArchiveReadError(entry.message);
        await visit(
          candidateOf(kind, files.names, file, { source: 'daybook', entry: entry.data }, fallbackZone),
        );
      }
    }
    checkArchiveHead(kind.source, head, Array.isArray(entries), file);
    total += records.length;
  }
  return total;
}
