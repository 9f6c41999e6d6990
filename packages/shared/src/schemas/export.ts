import { z } from 'zod';

/**
 * Export API contract (ADR 035). Both paths are scoped to the signed-in user:
 *   GET /api/export/summary?from&to   → ExportSummary (what the archive will hold: for the page and its progress bar)
 *   GET /api/export/archive?from&to   → the .zip (schemas/archive.ts), streamed as it is made
 * `from` and `to` are optional local days, inclusive, on the entry's date (ExportQuery, export-query.ts).
 */

export const EXPORT_MESSAGES = {
  rangeReversed: 'The start date must be on or before the end date',
  noEntries: 'There are no entries to export in this range',
  failed: 'The export failed. Please try again.',
  cancelled: 'Export cancelled',
  tooMany: 'Too many exports. Please wait a few minutes and try again.',
  sealedOnlyPrivate:
    'This export is built in the browser for private-mode accounts. Your account exports through the archive download.',
} as const;

export const ExportSummary = z
  .object({
    entryCount: z.number().int(),
    mediaCount: z.number().int(),
    mediaBytes: z.number().int(),
    /**
     * The archive's expected size in bytes: exact for the media (stored without recompression), estimated for the
     * compressed text. The page measures progress against it; the real archive may differ by a few percent.
     */
    estimatedBytes: z.number().int(),
    firstDate: z.string().nullable(),
    lastDate: z.string().nullable(),
  })
  .meta({ id: 'ExportSummary' });
export type ExportSummary = z.infer<typeof ExportSummary>;
