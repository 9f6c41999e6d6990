import { z } from 'zod';
import { IsoDay } from './entries.ts';

/**
 * Import API contract (issue 15, ADR 037). Paths, all scoped to the signed-in user:
 *   POST   /api/import/preview       multipart field "archive" (a .zip) → 201 ImportPreview; nothing is imported yet
 *   POST   /api/import/:id/confirm   → ImportReport (imports the previewed entries, one transaction per batch)
 *   DELETE /api/import/:id           → 204 (drops a preview and the media it validated)
 * Two sources: Daybook's own archive (schemas/archive.ts) and Day One's JSON export (Journal.json + photos/…).
 */

export const IMPORT_LIMITS = {
  /** The uploaded archive. */
  maxArchiveBytes: 1024 * 1024 * 1024,
  /** Entries one archive may hold (Day One or Daybook entries, before long ones are split). */
  maxEntries: 10_000,
  /** Files inside the zip. */
  maxZipEntries: 50_000,
  /** The sum of the files' uncompressed sizes. */
  maxUncompressedBytes: 4 * 1024 * 1024 * 1024,
  /** The JSON file read into memory (Journal.json, entries.json). */
  maxJsonBytes: 100 * 1024 * 1024,
  /** A file that expands more than this many times its compressed size is a zip bomb (above 1 MB). */
  maxCompressionRatio: 100,
  /** Entries written per transaction on confirm. */
  batchSize: 200,
  /** How long a preview can be confirmed. */
  previewMinutes: 60,
  /** Skipped items listed in a preview or report (all are counted). */
  listedSkips: 200,
} as const;

export const IMPORT_MESSAGES = {
  notZip: 'This file is not a zip archive. Choose the .zip file your export produced.',
  tooLarge: 'This archive is larger than 1 GB. Export a shorter date range and import it in parts.',
  noFile: 'Choose a .zip archive to import.',
  interrupted: 'The upload was interrupted. Please try again.',
  unknownFormat:
    'This archive is not a Daybook or Day One export: it has no entries.json or Journal.json at its top level.',
  bomb: 'This archive expands to far more data than it holds (a zip bomb), so it was not imported.',
  tooManyFiles: 'This archive holds too many files to import.',
  tooManyEntries: (max: number) =>
    `This archive holds more than ${max.toLocaleString('en-US')} entries. Export a shorter date range.`,
  unsafePath: (name: string) =>
    `This archive contains a path outside its folder ("${name}"), so it was not imported.`,
  symlink: (name: string) => `This archive contains a symbolic link ("${name}"), so it was not imported.`,
  badJson: (file: string, detail: string) => `${file} is not a valid export file: ${detail}`,
  newerVersion: (version: number) =>
    `This archive was made by a newer version of Daybook (format ${version}). Update Daybook and try again.`,
  badMedia: (file: string, message: string) => `${file}: ${message} Nothing was imported.`,
  noEntries: 'This archive holds no entries to import.',
  expired: 'This import preview has expired or was already used. Upload the archive again.',
  damaged: 'This zip archive is damaged and cannot be read.',
} as const;

export const ImportSource = z.enum(['daybook', 'dayone']);
export type ImportSource = z.infer<typeof ImportSource>;

/** Something in the archive that will not be (or was not) imported, and why, in words for the person. */
export const ImportSkip = z.object({
  /** What it is: "Entry of 2021-05-04" or "photos/3f2a….heic". */
  item: z.string(),
  reason: z.string(),
});
export type ImportSkip = z.infer<typeof ImportSkip>;

export const ImportPreview = z
  .object({
    id: z.uuid(),
    source: ImportSource,
    /** Entries in the archive. */
    archiveEntries: z.number().int().nonnegative(),
    /** Entries that will be written (long entries split into several count each). */
    newEntries: z.number().int().nonnegative(),
    /** Entries already imported from this archive before: skipped. */
    duplicates: z.number().int().nonnegative(),
    /** Photos, voice notes and videos that will be attached. */
    media: z.number().int().nonnegative(),
    /** The local days of the first and last entry to import (null when there is none). */
    firstDate: IsoDay.nullable(),
    lastDate: IsoDay.nullable(),
    skippedCount: z.number().int().nonnegative(),
    /** The first skipped items (IMPORT_LIMITS.listedSkips). */
    skipped: z.array(ImportSkip),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportReport = z
  .object({
    imported: z.number().int().nonnegative(),
    /** Entries skipped because they were already imported (before or while this import ran). */
    duplicates: z.number().int().nonnegative(),
    media: z.number().int().nonnegative(),
    skippedCount: z.number().int().nonnegative(),
    skipped: z.array(ImportSkip),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportId = z.object({ id: z.uuid() });
