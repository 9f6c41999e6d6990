import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth.ts';
import { importBatches } from './imports.ts';

/**
 * One of an imported entry's further attachments (ADR 088), in `entries.attachments`: its own id (what the API
 * names it by), its stored file, its kind, and an image's thumbnail size (ADR 044) or a video poster's.
 */
export type StoredAttachment = {
  id: string;
  path: string;
  kind: 'image' | 'audio' | 'video' | 'pdf';
  thumbWidth: number | null;
  thumbHeight: number | null;
};

export type EncryptionMetadata = { encryption_iv?: string; [key: string]: unknown };

/** Reflections. Text lives only in `encrypted_content` (AES-GCM, IV in metadata); `content`/`title` stay null. */
export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    category: text('category'),
    content: text('content'),
    encryptedContent: text('encrypted_content'),
    encryptionVersion: integer('encryption_version').notNull().default(1),
    metadata: jsonb('metadata').$type<EncryptionMetadata>().notNull().default({}),
    moodTag: text('mood_tag'),
    /**
     * A version-2 entry's mood, sealed in the browser under the account's own key (ADR 094): base64 of IV ‖
     * ciphertext ‖ tag. Null for version 1, whose mood is `mood_tag`.
     */
    encryptedMood: text('encrypted_mood'),
    mediaUrl: text('media_url'),
    /** The size of the image's WebP thumbnail beside `media_url` (ADR 044); null when none was made yet. */
    mediaThumbWidth: integer('media_thumb_width'),
    mediaThumbHeight: integer('media_thumb_height'),
    /**
     * An imported entry's further attachments after `media_url`'s, in order (ADR 088); null for entries written
     * here, which keep the spec's one attachment.
     */
    attachments: jsonb('attachments').$type<StoredAttachment[]>(),
    contentType: text('content_type').$type<'text' | 'image' | 'audio' | 'video'>().notNull().default('text'),
    sourceType: text('source_type').$type<'journal' | 'empty' | 'future_me'>().notNull().default('journal'),
    /** The local day of `created_at` in `time_zone`. */
    entryDate: date('entry_date').notNull(),
    /**
     * The IANA zone the entry was written in (ADR 066): its day and time are told in it. Null for entries written
     * before zones were recorded, which are told in the account's zone.
     */
    timeZone: text('time_zone'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletionReason: text('deletion_reason'),
    /** Where an imported entry came from ("dayone:<uuid>", "daybook:<id>"); null for entries written here (ADR 037). */
    importKey: text('import_key'),
    /** The import that wrote the entry (ADR 068); removing that batch removes the entry. */
    importBatchId: uuid('import_batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
    /** The browser's idempotency key of a queued (offline) entry: one entry per key and user (ADR 041). */
    clientRequestId: uuid('client_request_id'),
    ...timestamps,
  },
  (t) => [
    // Dashboard list: newest first, stable paging (docs/product/entries.md#entries-list "order created_at desc then id desc"). The predicate
    // is exactly the dashboard's visibility rule, so the exact count is an index-only scan.
    index('entries_user_created_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null and ${t.sourceType} <> 'future_me'`),
    // Calendar month markers and "entries on a date".
    index('entries_user_entry_date_idx')
      .on(t.userId, t.entryDate)
      .where(sql`${t.deletedAt} is null and ${t.sourceType} <> 'future_me'`),
    // Entries written on a day under another zone's date (the daily limit, deleted entries included).
    index('entries_user_date_created_idx').on(t.userId, t.entryDate, t.createdAt),
    // Signed links and the orphan sweep: is this file still attached to a live entry?
    index('entries_media_url_idx').on(t.mediaUrl).where(sql`${t.mediaUrl} is not null`),
    // The same for an imported entry's further attachments (ADR 088): `attachments @> '[{"path": …}]'`.
    index('entries_attachments_idx')
      .using('gin', sql`${t.attachments} jsonb_path_ops`)
      .where(sql`${t.attachments} is not null`),
    // Daily deletion limit counts today's deletions.
    index('entries_user_deleted_at_idx').on(t.userId, t.deletedAt).where(sql`${t.deletedAt} is not null`),
    // Importing the same archive twice adds nothing: one entry per source item per user.
    uniqueIndex('entries_user_import_key_idx')
      .on(t.userId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    // Removing an import batch finds its entries.
    index('entries_import_batch_idx').on(t.importBatchId).where(sql`${t.importBatchId} is not null`),
    // A retried sync of a queued entry finds the first result instead of creating a second (ADR 041).
    uniqueIndex('entries_user_client_request_idx')
      .on(t.userId, t.clientRequestId)
      .where(sql`${t.clientRequestId} is not null`),
  ],
);
