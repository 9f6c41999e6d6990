import { z } from 'zod';
import { IsoDay } from './entries.ts';

/** Entries per page of GET /api/entries/analytics: 5,000 entries arrive in five requests. */
export const ANALYTICS_PAGE_SIZE = 1000;

export const AnalyticsEntriesQuery = z.object({
  /** yyyy-MM-dd bounds on the entry's local date, both included; none for all time. */
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/, 'Invalid cursor')
    .optional(),
});
export type AnalyticsEntriesQuery = z.input<typeof AnalyticsEntriesQuery>;

/** Only what the charts need: dates, mood, the two plaintext columns and the ciphertext to decrypt. */
export const AnalyticsEntry = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    entryDate: z.string(),
    moodTag: z.string().nullable(),
    title: z.string().nullable(),
    category: z.string().nullable(),
    encryptedContent: z.string().nullable(),
    encryptionIv: z.string().nullable(),
  })
  .meta({ id: 'AnalyticsEntry' });
export type AnalyticsEntry = z.infer<typeof AnalyticsEntry>;

export const AnalyticsEntriesPage = z
  .object({
    entries: z.array(AnalyticsEntry),
    nextCursor: z.string().nullable(),
    /** How many entries the whole range holds, on the first page only (null on the others): for progress. */
    total: z.number().int().nullable(),
  })
  .meta({ id: 'AnalyticsEntriesPage' });
export type AnalyticsEntriesPage = z.infer<typeof AnalyticsEntriesPage>;
