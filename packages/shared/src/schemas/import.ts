import { z } from 'zod';
import { IsoDay } from './entries.ts';

/**
 * Import API contract (ADR 037; as a background job since ADR 077). Paths, all scoped to the signed-in user:
 *   POST   /api/import                multipart field "archive" (a .zip) → 202 ImportJob ('checking'); a job checks it
 *   GET    /api/import/current        → ImportJob or null (the user's latest import, until dismissed)
 *   GET    /api/import/:id            → ImportJob (live events of type 'import' say when to read it again)
 *   POST   /api/import/:id/confirm    → 202 ImportJob ('importing'); a job writes the previewed entries
 *   DELETE /api/import/:id            → 204 (cancels a check or an import, drops a preview, or dismisses a report)
 *   GET    /api/import/batches       → ImportBatch[] (the imports confirmed, newest first; ADR 068)
 *   DELETE /api/import/batches/:id   → ImportBatchRemoval (removes an import's entries and their media)
 * Two sources: Daybook's own archive (schemas/archive.ts) and Day One's JSON export (one <journal>.json per
 * journal, photos/, audios/, videos/, pdfs/; at the top of the zip or in one folder; ADR 070).
 */

export const IMPORT_LIMITS = {
  /** The uploaded archive. */
  maxArchiveBytes: 1024 * 1024 * 1024,
  /** Entries one archive may hold (Day One or Daybook entries, before long ones are split). */
  maxEntries: 10_000,
  /** Files inside the zip. */
  maxZipEntries: 50_000,
  /**
   * The sum of the files' uncompressed sizes. Counted from the headers, and each file is refused the moment it
   * inflates to more bytes than its header declares, so the bytes actually read stay within this too (ADR 054).
   */
  maxUncompressedBytes: 4 * 1024 * 1024 * 1024,
  /** The JSON file (Journal.json, entries.json), read as a stream one entry at a time, never whole (ADR 054). */
  maxJsonBytes: 100 * 1024 * 1024,
  /** One entry of that JSON as characters of its source: the most the reader holds in memory at once. */
  maxEntryJsonChars: 4 * 1024 * 1024,
  /** A file that expands more than this many times its compressed size is a zip bomb (above 1 MB). */
  maxCompressionRatio: 100,
  /**
   * Entries written per transaction on confirm: small, since on the embedded database a transaction holds the
   * only connection (and each statement the event loop) while it runs (ADR 054).
   */
  batchSize: 50,
  /** How long a preview can be confirmed. */
  previewMinutes: 60,
  /** Skipped items listed in a preview or report (all are counted). */
  listedSkips: 200,
  /**
   * How long a job holds an import it is running before another instance may take it up (renewed as it works):
   * an instance that dies hands its import on within this (ADR 077).
   */
  leaseSeconds: 60,
  /** Times an import is taken up before it is given up (a crash, an instance killed, again and again). */
  maxAttempts: 3,
} as const;

export const IMPORT_MESSAGES = {
  notZip: 'This file is not a zip archive. Choose the .zip file your export produced.',
  tooLarge: 'This archive is larger than 1 GB. Export a shorter date range and import it in parts.',
  noFile: 'Choose a .zip archive to import.',
  interrupted: 'The upload was interrupted. Please try again.',
  unknownFormat:
    "This archive is not a Daybook or Day One export: it has no entries.json and no journal's .json file at its top level.",
  bomb: 'This archive expands to far more data than it holds (a zip bomb), so it was not imported.',
  sizeMismatch: "This archive's files hold more data than their headers declare, so it was not imported.",
  jsonTooLarge: (file: string) =>
    `${file} is larger than 100 MB, more than Daybook reads at once. Export a shorter date range and import it in parts.`,
  entryTooLarge: (file: string, index: number) =>
    `${file}: entry ${(index + 1).toLocaleString('en-US')} is larger than 4 MB, more than a journal entry can be. Nothing was imported.`,
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
  batchNotFound: 'This import is not in your journal any more.',
  notFound: 'This import is not here any more. Upload the archive again.',
  alreadyRunning:
    'An import is already being checked or written. Wait for it to finish, or cancel it, first.',
  gaveUp:
    'This import stopped several times before it could finish, so it was given up. Nothing was imported.',
} as const;

/*
 * Day One's JSON export (version 1.0 of its "JSON" format): one <journal name>.json per journal with
 * `entries[]`, each with uuid, creationDate (ISO, UTC), timeZone (IANA), text (Markdown with
 * `![](dayone-moment://<identifier>)` where an attachment sits), tags[], and photos[] / audios[] / videos[] whose
 * files are photos/<md5>.<type>, audios/<md5>.<format> and videos/<md5>.<type>. Unknown fields are ignored.
 * Records are checked one at a time as the file is read (ADR 054), so these describe one entry, not the file.
 */
export const DayOneAttachment = z.object({
  identifier: z.string().max(200).optional(),
  md5: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/)
    .optional(),
  type: z.string().max(20).optional(),
  format: z.string().max(20).optional(),
  orderInEntry: z.number().optional(),
});
export type DayOneAttachment = z.infer<typeof DayOneAttachment>;

/** A name Day One writes about an entry (a place, the weather), kept when it is a short string. */
const DayOneWord = z.string().max(200).optional().catch(undefined);

export const DayOneEntry = z.object({
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
  /** PDFs (pdfs/<md5>.pdf): listed as skipped, never silently dropped. */
  pdfAttachments: z.array(DayOneAttachment).optional(),
  /** Where it was written; a field of another shape is left out rather than refusing the archive. */
  location: z
    .object({
      placeName: DayOneWord,
      localityName: DayOneWord,
      administrativeArea: DayOneWord,
      country: DayOneWord,
    })
    .optional()
    .catch(undefined),
  weather: z
    .object({ conditionsDescription: DayOneWord, temperatureCelsius: z.number().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});
export type DayOneEntry = z.infer<typeof DayOneEntry>;

/** Day One's file around its entries. */
export const DayOneJournal = z.object({
  metadata: z.object({ version: z.string().optional() }).optional(),
  entries: z.array(DayOneEntry),
});

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
    /**
     * Of those, attachments for entries already in the journal without them (an earlier import left them out, on a
     * plan that could not hold them): they join their entries.
     */
    attachments: z.number().int().nonnegative(),
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
    /** Of those, attachments that joined entries already in the journal (see ImportPreview.attachments). */
    attachments: z.number().int().nonnegative(),
    skippedCount: z.number().int().nonnegative(),
    skipped: z.array(ImportSkip),
    /**
     * The crisis message when an imported entry reads as a present crisis: imports are never refused for their words
     * (ADR 063), so the report ends with where to find help, once.
     */
    crisisResources: z.string().nullable(),
    /** The batch the entries were written as, which /export can remove as a whole; null when none were written. */
    batchId: z.uuid().nullable(),
  })
  .meta({ id: 'ImportReport' });
export type ImportReport = z.infer<typeof ImportReport>;

export const ImportId = z.object({ id: z.uuid() });

/**
 * Where an import is (ADR 077): a job checks the archive, the person confirms the preview, a job writes it.
 * `cancelled` lasts only until a job has cleaned up after it.
 */
export const ImportState = z.enum(['checking', 'ready', 'importing', 'done', 'failed', 'cancelled']);
export type ImportState = z.infer<typeof ImportState>;

/** How far a job has got: entries read (checking) or written (importing), of how many when known. */
export const ImportProgress = z.object({
  done: z.number().int().nonnegative(),
  /** Unknown while checking (the archive is read as a stream); the entries to write while importing. */
  total: z.number().int().nonnegative().nullable(),
  /** 0 to 1 of the current step: bytes of the archive's JSON read while checking, entries written while importing. */
  fraction: z.number().min(0).max(1),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

export const ImportJob = z
  .object({
    id: z.uuid(),
    state: ImportState,
    source: ImportSource.nullable(),
    progress: ImportProgress,
    /** The preview to confirm, once checked ('ready'). */
    preview: ImportPreview.nullable(),
    /** What was written ('done'). */
    report: ImportReport.nullable(),
    /** Why it stopped ('failed'): the same code and message an upload checked at once would have answered. */
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof ImportJob>;

/**
 * A confirmed import (ADR 068), counted from the entries it wrote that are still in the journal; one whose
 * entries are all gone is not listed.
 */
export const ImportBatch = z
  .object({
    id: z.uuid(),
    source: ImportSource,
    /** When it was imported (ISO instant). */
    importedAt: z.iso.datetime(),
    entries: z.number().int().positive(),
    /** Of those, entries with a photo, voice note or video. */
    media: z.number().int().nonnegative(),
    /** The local days of its first and last entry. */
    firstDate: IsoDay,
    lastDate: IsoDay,
  })
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof ImportBatch>;

export const ImportBatchRemoval = z
  .object({
    /** Entries removed, with their media. */
    removed: z.number().int().nonnegative(),
  })
  .meta({ id: 'ImportBatchRemoval' });
export type ImportBatchRemoval = z.infer<typeof ImportBatchRemoval>;
