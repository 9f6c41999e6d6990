import { z } from 'zod';

/**
 * The Daybook archive (ADR 035): the `.zip` that export writes and import reads back.
 *
 *   README.md                       what is in the archive and how it is laid out (for people)
 *   entries.json                    ArchiveManifest: every entry, decrypted, every field (for programs)
 *   entries/<yyyy-MM-dd>-<id>.md    one Markdown file per entry: YAML front matter, then the text
 *   media/<id>.<ext>                the entry's photo, audio or video, byte for byte as stored
 *   media/<id>-<n>.<ext>            an imported entry's further attachments, n = 2, 3, … (ADR 088)
 *
 * This is a public, versioned format: people keep these files for years and the importer must read every version
 * it ever wrote. Changes must stay backward compatible: add optional fields and bump the minor meaning in the ADR;
 * only a breaking change bumps ARCHIVE_SCHEMA_VERSION, and then the importer keeps reading the older versions.
 */

/**
 * A calendar day, yyyy-MM-dd. Not entries.ts's IsoDay: importing that module here would split it out of the app's
 * first chunk into a shared one, for every route (ADR 020 budgets); an archive's days need no year bounds.
 */
const ArchiveDay = z.iso.date();

export {
  ARCHIVE_LAYOUT,
  ARCHIVE_SCHEMA_VERSION,
  archiveAttachmentPath,
  archiveFileName,
  archiveMarkdownPath,
  archiveMediaPath,
} from '../domain/archive-paths.ts';

/**
 * A path inside the archive as entries.json may name it: relative, forward slashes, no `..`, no drive or leading
 * slash. The importer must still check it against the zip's own entries (never trust a path to stay in the folder).
 */
export const ArchivePath = z
  .string()
  .min(1)
  .max(512)
  .refine(
    (p) => !p.startsWith('/') && !p.includes('\\') && !/^[A-Za-z]:/.test(p) && !p.split('/').includes('..'),
    'Must be a relative path inside the archive',
  );

export const ArchiveMedia = z.object({
  /** Where the file is inside the archive, e.g. media/<id>.jpg. */
  path: ArchivePath,
  mimeType: z.string().min(1),
  sizeBytes: z.number().int().nonnegative(),
});
export type ArchiveMedia = z.infer<typeof ArchiveMedia>;

/** One of an imported entry's further attachments (ADR 088): a photo, audio, video or PDF, in the entry's order. */
export const ArchiveAttachment = ArchiveMedia.extend({
  contentType: z.enum(['image', 'audio', 'video', 'pdf']),
});
export type ArchiveAttachment = z.infer<typeof ArchiveAttachment>;

export const ArchiveEntry = z.object({
  /** The entry's id in the account it was exported from (import uses it to skip entries it already imported). */
  id: z.string().min(1),
  /** The decrypted text, Markdown as written (may be empty when the entry is only media). */
  text: z.string(),
  /** Plaintext columns kept for completeness; Daybook itself writes null in both. */
  title: z.string().nullable(),
  category: z.string().nullable(),
  /** A mood label from MOODS ("Happy", …) or null. Kept as a string so older/newer mood sets still parse. */
  moodTag: z.string().nullable(),
  /** Hashtags of the text, lower case with the #, in order of first appearance (extractHashtags). */
  themes: z.array(z.string()),
  /** The local calendar day the entry belongs to, yyyy-MM-dd. */
  entryDate: ArchiveDay,
  /**
   * IANA time zone the entry's day and times are read in: the one it was written in, or the account's zone at
   * export for entries from before zones were recorded (ADR 035, ADR 066).
   */
  timeZone: z.string().min(1),
  /** ISO instants (UTC, with Z). */
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  contentType: z.enum(['text', 'image', 'audio', 'video']),
  sourceType: z.enum(['journal', 'empty', 'future_me']),
  media: ArchiveMedia.nullable(),
  /** The entry's Markdown file inside the archive, e.g. entries/2026-11-22-<id>.md. */
  markdownPath: ArchivePath,
  /**
   * Where the entry came from when it was itself imported ("dayone:<uuid>", "daybook:<id>"); null or absent for
   * entries written in Daybook. Its archive identity is this, else "daybook:<id>": importing an archive into the
   * account that holds those entries adds nothing (ADR 068). Added without a version bump: older archives lack it.
   */
  importKey: z.string().min(1).max(300).nullable().optional(),
  /**
   * The further attachments of an imported entry after `media` (ADR 088); absent or empty for entries written in
   * Daybook and in archives from before. Added without a version bump, as `importKey` was.
   */
  attachments: z.array(ArchiveAttachment).max(100).optional(),
});
export type ArchiveEntry = z.infer<typeof ArchiveEntry>;

/** entries.json. Unknown keys are allowed (stripped) so a newer minor revision still reads. */
export const ArchiveManifest = z
  .object({
    schemaVersion: z.number().int().min(1),
    /** Always "Daybook" for archives Daybook wrote. */
    app: z.string(),
    exportedAt: z.iso.datetime({ offset: true }),
    /** The optional date range the export was limited to (inclusive local days); null for everything. */
    range: z.object({ from: ArchiveDay.nullable(), to: ArchiveDay.nullable() }).nullable().optional(),
    entries: z.array(ArchiveEntry),
  })
  .meta({ id: 'ArchiveManifest' });
export type ArchiveManifest = z.infer<typeof ArchiveManifest>;
