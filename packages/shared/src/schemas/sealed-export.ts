import { z } from 'zod';
import { EXPORT_MESSAGES } from './export.ts';
import { ExportDay } from './export-query.ts';

/*
 * The export of a private-mode account, built in the browser (ADR 099): the server hands the entries as it stores
 * them (sealed), a page at a time in the archive's order, with where each file goes in the archive; the browser
 * opens them and writes the same archive the server's export writes (ADR 035).
 */

export const SealedExportQuery = z
  .object({
    from: ExportDay.optional(),
    to: ExportDay.optional(),
    /** The last entry of the page before: its created_at to the microsecond, and its id (the export's keyset). */
    afterCursor: z.iso.datetime().optional(),
    afterId: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: EXPORT_MESSAGES.rangeReversed, path: ['to'] })
  .refine((q) => (q.afterCursor === undefined) === (q.afterId === undefined), {
    message: 'afterCursor and afterId go together',
    path: ['afterId'],
  });
export type SealedExportQuery = z.input<typeof SealedExportQuery>;

const ContentType = z.enum(['text', 'image', 'audio', 'video']);

/** A file of an entry: where it goes in the archive and its type; its bytes come through the owner's signed link. */
export const SealedExportFile = z.object({
  /** The attachment's id for `/entries/{id}/attachments/{attachmentId}/media-url`; null for the entry's own file. */
  attachmentId: z.string().nullable(),
  /** The extension of the stored file, which the archive's name keeps (`media/<id>.<ext>`). */
  extension: z.string(),
  mimeType: z.string(),
  contentType: z.enum(['image', 'audio', 'video', 'pdf']),
});
export type SealedExportFile = z.infer<typeof SealedExportFile>;

export const SealedExportEntry = z.object({
  id: z.uuid(),
  /** created_at to the microsecond: the next page's `afterCursor`. */
  cursor: z.string(),
  encryptionVersion: z.number().int(),
  encryptedContent: z.string().nullable(),
  encryptionIv: z.string().nullable(),
  encryptedMood: z.string().nullable(),
  /** Version 1's plain mood (null for version 2, whose mood is sealed). */
  moodTag: z.string().nullable(),
  title: z.string().nullable(),
  category: z.string().nullable(),
  contentType: ContentType,
  sourceType: z.enum(['journal', 'empty', 'future_me']),
  entryDate: z.string(),
  /** The entry's own zone, or the account's for entries from before zones were recorded (ADR 066). */
  timeZone: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  importKey: z.string().nullable(),
  /** The entry's own file (attachmentId null), then its further attachments in order (ADR 088). */
  files: z.array(SealedExportFile),
});
export type SealedExportEntry = z.infer<typeof SealedExportEntry>;

export const SealedExportPage = z
  .object({ entries: z.array(SealedExportEntry), isLast: z.boolean() })
  .meta({ id: 'SealedExportPage' });
export type SealedExportPage = z.infer<typeof SealedExportPage>;
