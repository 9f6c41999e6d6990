import { z } from 'zod';
import { EXPORT_MESSAGES } from './export.ts';

/*
 * The export endpoints' query (schemas/export.ts), in a module of its own: only the server parses it, and beside
 * ExportSummary it would bring zod's date parsers into the export page's chunk, and with them new chunks shared
 * with the app's first one (ADR 020 budgets).
 */

/**
 * yyyy-MM-dd in the years the database takes (entries.ts's DATE_YEARS). Not entries.ts's IsoDay, for the same
 * reason: importing that module from here split it out of the first chunk.
 */
export const ExportDay = z.iso
  .date()
  .refine(
    (s) => Number(s.slice(0, 4)) >= 1900 && Number(s.slice(0, 4)) <= 9999,
    'Use a date between 1900 and 9999',
  );

export const ExportQuery = z
  .object({ from: ExportDay.optional(), to: ExportDay.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: EXPORT_MESSAGES.rangeReversed,
    path: ['to'],
  });
export type ExportQuery = z.input<typeof ExportQuery>;
