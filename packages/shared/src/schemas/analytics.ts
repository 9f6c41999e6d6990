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
    /**
     * 2 for a private-mode entry, whose mood is sealed in `encryptedMood` and counted once the browser opens it
     * (ADR 094); `moodTag` is then null.
     */
    encryptionVersion: z.number().int().default(1),
    encryptedMood: z.string().nullable().default(null),
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

/** GET /api/entries/analytics/moods takes the same local-date bounds as the pages, without a cursor. */
export const AnalyticsMoodsQuery = AnalyticsEntriesQuery.omit({ cursor: true });
export type AnalyticsMoodsQuery = z.input<typeof AnalyticsMoodsQuery>;

/**
 * The plain columns of every visible entry in the range, oldest first, in one answer: what the charts count
 * before any text is decrypted (ADR 048). Column by column, index i of each array being one entry, so 5,000
 * entries weigh about 250 KB before compression instead of 1.8 MB of pages with their ciphertext.
 */
export const AnalyticsMoods = z
  .object({
    /** ISO instants, to the millisecond. */
    createdAt: z.array(z.string()),
    /** yyyy-MM-dd, the local day each was written. */
    entryDate: z.array(z.string()),
    moodTag: z.array(z.string().nullable()),
  })
  .refine(
    (moods) =>
      moods.entryDate.length === moods.createdAt.length && moods.moodTag.length === moods.createdAt.length,
    'Every column holds one value per entry',
  )
  .meta({ id: 'AnalyticsMoods' });
export type AnalyticsMoods = z.infer<typeof AnalyticsMoods>;
