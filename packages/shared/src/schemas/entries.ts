import { z } from 'zod';
import { ENCRYPTION, ENTRY_LIMITS, MOODS } from '../constants.ts';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { TimeZone } from './auth.ts';
import { StoredText } from './text.ts';

export const MoodTag = z.enum(MOODS.map((m) => m.label) as [string, ...string[]]);

export const Base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Must be base64');
/** AES-GCM output for at most 5,000 characters of UTF-8 (4 bytes each) plus the tag, base64-encoded. */
export const MAX_CIPHERTEXT_CHARS = Math.ceil(((ENTRY_LIMITS.maxChars * 4 + 16) * 4) / 3) + 4;

export const EncryptedText = z.object({
  encryptedContent: Base64.max(MAX_CIPHERTEXT_CHARS, 'The entry is too long'),
  /** 12 random bytes, base64 (16 characters). */
  encryptionIv: Base64.length(16, 'The IV must be 12 bytes'),
});

/**
 * How the entry is sealed (ADR 094): version 1 (absent means 1) under the key the server can derive, with a plain
 * `moodTag`; version 2 (private mode) under the account's own key, with the mood sealed too in `encryptedMood`
 * (always sent, an empty mood sealed when none is chosen) and no `moodTag`.
 */
const EntrySealing = {
  encryptionVersion: z
    .union([z.literal(ENCRYPTION.version), z.literal(PRIVATE_MODE.encryptionVersion)])
    .optional(),
  encryptedMood: Base64.length(PRIVATE_MODE.sealedMoodChars, 'The sealed mood must be 60 bytes').optional(),
};

type Sealing = {
  encryptionVersion?: number | undefined;
  encryptedMood?: string | undefined;
  moodTag?: string | null | undefined;
};

/** A version-2 entry carries its mood sealed and no plain mood; a version-1 entry no sealed mood. */
function checkSealing(input: Sealing, context: z.RefinementCtx) {
  if (input.encryptionVersion === PRIVATE_MODE.encryptionVersion) {
    if (input.encryptedMood === undefined)
      context.addIssue({
        code: 'custom',
        path: ['encryptedMood'],
        message: 'A private entry seals its mood',
      });
    if (input.moodTag != null)
      context.addIssue({ code: 'custom', path: ['moodTag'], message: 'A private entry sends no plain mood' });
  } else if (input.encryptedMood !== undefined) {
    context.addIssue({
      code: 'custom',
      path: ['encryptedMood'],
      message: 'Only a private entry seals its mood',
    });
  }
}

/** Text may be empty when a media draft is attached ("Please add some text or media"). */
export const CreateEntryInput = EncryptedText.extend({
  moodTag: MoodTag.nullish(),
  ...EntrySealing,
  mediaDraftId: z.uuid().optional(),
  /**
   * Idempotency key chosen by the browser (a queued offline entry, ADR 041): a repeat with the same key
   * returns the entry the first request created instead of creating another.
   */
  clientRequestId: z.uuid().optional(),
  /**
   * The IANA zone the entry is written in (the browser's): its day and time are told in it (ADR 066). Absent
   * (an older client, an entry queued before zones were sent), the account's zone at the time it arrives.
   */
  timeZone: TimeZone.optional(),
})
  .superRefine(checkSealing)
  .meta({ id: 'CreateEntryInput' });
export type CreateEntryInput = z.input<typeof CreateEntryInput>;

export const UpdateEntryInput = EncryptedText.extend({
  moodTag: MoodTag.nullish(),
  ...EntrySealing,
})
  .superRefine(checkSealing)
  .meta({ id: 'UpdateEntryInput' });
export type UpdateEntryInput = z.input<typeof UpdateEntryInput>;

/**
 * One more attachment of an imported entry, after the one `mediaUrl`/`contentType` describe (ADR 088): a Day One
 * entry may carry several photos, voice notes, videos and PDFs, while an entry written here keeps the spec's one.
 * Its file is fetched by `GET /api/entries/{id}/attachments/{attachmentId}/media-url` (and `/thumbnail-url`).
 */
export const EntryAttachment = z
  .object({
    id: z.string(),
    contentType: z.enum(['image', 'audio', 'video', 'pdf']),
    /** An image's thumbnail is stored beside it (or made on request); a video's poster only when one was sent. */
    hasThumbnail: z.boolean(),
    /**
     * Its place among all the entry's attachments, the first being `mediaUrl`'s (1) when there is one: what the
     * text's `![Photo 2](attachment:2)` points at (ADR 088).
     */
    number: z.number().int().min(1),
  })
  .meta({ id: 'EntryAttachment' });
export type EntryAttachment = z.infer<typeof EntryAttachment>;

export const Entry = z
  .object({
    id: z.string(),
    title: z.string().nullable(),
    category: z.string().nullable(),
    encryptedContent: z.string().nullable(),
    encryptionIv: z.string().nullable(),
    encryptionVersion: z.number().int(),
    moodTag: z.string().nullable(),
    /**
     * A version-2 entry's mood, sealed in the browser (ADR 094); `moodTag` is then null. Null for version 1, and
     * absent in an offline copy (ADR 084) from before it existed.
     */
    encryptedMood: z.string().nullable().default(null),
    contentType: z.enum(['text', 'image', 'audio', 'video']),
    mediaUrl: z.string().nullable(),
    sourceType: z.enum(['journal', 'empty', 'future_me']),
    /** The local day of `createdAt` in `timeZone`. */
    entryDate: z.string(),
    /** The IANA zone it was written in; null for entries from before zones were recorded: the account's (ADR 066). */
    timeZone: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isShared: z.boolean(),
    /**
     * Brought in by an import: it can be deleted at any time, like removing what one brought in, while its text,
     * not written here, is never editable (ADR 068).
     */
    isImported: z.boolean(),
    /**
     * Whether a thumbnail is stored beside the media: an image's (one is made on request when missing, so the
     * card asks for any image's) or a video's poster (only when the browser sent one).
     */
    hasThumbnail: z.boolean(),
    /**
     * The further attachments of an imported entry, in the entry's order (ADR 088); empty for every entry written
     * here. Absent in an answer or an offline copy (ADR 084) from before they existed: read as none.
     */
    attachments: z.array(EntryAttachment).default([]),
    /**
     * That thumbnail's size in pixels, so that a list draws the photo's or poster's frame at its aspect before
     * anything loads (ADR 086); null while an image's thumbnail is not made yet. Absent in entries kept by an
     * older version of the offline copy (ADR 084).
     */
    thumbnailSize: z
      .object({ width: z.number().int().positive(), height: z.number().int().positive() })
      .nullable()
      .optional(),
  })
  .meta({ id: 'Entry' });
export type Entry = z.infer<typeof Entry>;

/**
 * Dates the API takes: real calendar days in years 1900–9999. PostgreSQL has no year 0 and JavaScript's Date runs to
 * ±275,760, so wider inputs fail in the database instead of the schema.
 */
export const DATE_YEARS = { min: 1900, max: 9999 } as const;
const DATE_RANGE_MESSAGE = `Use a date between ${DATE_YEARS.min} and ${DATE_YEARS.max}`;
const isYearInRange = (year: number) => year >= DATE_YEARS.min && year <= DATE_YEARS.max;

/** yyyy-MM-dd, a valid calendar day (leap years included) in range. */
export const IsoDay = z.iso.date().refine((s) => isYearInRange(Number(s.slice(0, 4))), DATE_RANGE_MESSAGE);
/** An ISO instant with an offset whose UTC time falls in range (so "0001-01-01T00:00+14:00" is refused). */
export const Instant = z.iso
  .datetime({ offset: true })
  .refine((s) => isYearInRange(new Date(s).getUTCFullYear()), DATE_RANGE_MESSAGE);
/** yyyy-MM in range. */
export const YearMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use yyyy-MM')
  .refine((s) => isYearInRange(Number(s.slice(0, 4))), DATE_RANGE_MESSAGE);

export const EntryListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(ENTRY_LIMITS.pageSize),
  /** yyyy-MM-dd: only entries of that local day. */
  date: IsoDay.optional(),
  /** ISO instants bounding created_at (the Today / This Week / This Month chips). */
  from: Instant.optional(),
  to: Instant.optional(),
});
export type EntryListQuery = z.input<typeof EntryListQuery>;

export const EntryPage = z
  .object({
    entries: z.array(Entry),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'EntryPage' });
export type EntryPage = z.infer<typeof EntryPage>;

export const DeleteEntryInput = z
  .object({ reason: StoredText.trim().max(500).optional() })
  .meta({ id: 'DeleteEntryInput' });

export const DailyEntryLimit = z
  .object({ allowed: z.boolean(), limit: z.number().int(), used: z.number().int() })
  .meta({ id: 'DailyEntryLimit' });
export type DailyEntryLimit = z.infer<typeof DailyEntryLimit>;

/**
 * GET /api/entries/limits/daily: the zone to count today in, the browser's, as a new entry is counted in the zone
 * it is written in (ADR 066); without it, the account's.
 */
export const DailyEntryLimitQuery = z.object({ timeZone: TimeZone.optional() });
export type DailyEntryLimitQuery = z.infer<typeof DailyEntryLimitQuery>;

export const DeletionLimit = z
  .object({ allowed: z.boolean(), remaining: z.number().int(), limit: z.number().int() })
  .meta({ id: 'DeletionLimit' });
export type DeletionLimit = z.infer<typeof DeletionLimit>;

export const CreatedEntry = z
  .object({ entry: Entry, moderation: z.object({ warning: z.string().nullable() }) })
  .meta({ id: 'CreatedEntry' });
export type CreatedEntry = z.infer<typeof CreatedEntry>;

export const SaltResponse = z.object({ salt: z.string() }).meta({ id: 'SaltResponse' });
export type SaltResponse = z.infer<typeof SaltResponse>;

export const ModerateTextInput = z
  .object({
    text: z.string().max(ENTRY_LIMITS.maxChars),
    /** `recipient` for a share or thank-you note, read by another person (ADR 063); an entry by default. */
    audience: z.enum(['self', 'recipient']).optional(),
  })
  .meta({ id: 'ModerateTextInput' });
export const ModerationResult = z
  .object({
    safe: z.boolean(),
    severity: z.enum(['safe', 'low', 'medium', 'high']),
    flags: z.array(z.string()),
    explanation: z.string(),
    confidence: z.number().min(0).max(1),
  })
  .meta({ id: 'ModerationResult' });
export type ModerationResult = z.infer<typeof ModerationResult>;

/**
 * Where the next page of search candidates starts: the last entry's creation instant to the microsecond and its
 * id, as the previous page's `next` gave it. Opaque to the browser.
 */
export const SearchCursor = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'Must be the cursor a page of search candidates gave',
  );

/** The range to search (none: All Time), and the page to read from the cursor on (none: the newest). */
export const CandidatesQuery = z.object({
  date: IsoDay.optional(),
  from: Instant.optional(),
  to: Instant.optional(),
  after: SearchCursor.optional(),
});
export type CandidatesQuery = z.input<typeof CandidatesQuery>;

/**
 * A page of the range's entries, newest first, still encrypted, for search and theme filters, which run in the
 * browser over decrypted text; `next` reads on, null on the last page (ADR 069).
 */
export const SearchCandidates = z
  .object({ entries: z.array(Entry), next: SearchCursor.nullable() })
  .meta({ id: 'SearchCandidates' });
export type SearchCandidates = z.infer<typeof SearchCandidates>;

export const CalendarQuery = z.object({ month: YearMonth });
export const CalendarMonth = z
  .object({ month: z.string(), dates: z.array(z.string()) })
  .meta({ id: 'CalendarMonth' });
export type CalendarMonth = z.infer<typeof CalendarMonth>;
