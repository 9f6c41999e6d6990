import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/** Uploaded media not yet attached to a saved entry; removed with their files after 24 hours. */
export const mediaDrafts = pgTable(
  'media_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filePath: text('file_path').notNull(),
    /** 'pdf' only for an import's PDF (ADR 088), which no entry written here can take. */
    mediaType: text('media_type').$type<'image' | 'audio' | 'video' | 'pdf'>().notNull(),
    mimeType: text('mime_type').notNull(),
    fileSizeBytes: bigint('file_size_bytes', { mode: 'number' }).notNull(),
    /** An image's thumbnail size (ADR 044), carried to its entry when the draft is claimed. */
    thumbWidth: integer('thumb_width'),
    thumbHeight: integer('thumb_height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_drafts_user_idx').on(t.userId),
    index('media_drafts_created_at_idx').on(t.createdAt),
    // Signed links and the orphan sweep look drafts up by their file.
    index('media_drafts_file_path_idx').on(t.filePath),
  ],
);

/** Messages to one's future self (the spec's future_emails). */
export const futureMessages = pgTable(
  'future_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    content: text('content'),
    encryptedContent: text('encrypted_content').notNull(),
    encryptionVersion: integer('encryption_version').notNull().default(1),
    metadata: jsonb('metadata').$type<EncryptionMetadata>().notNull().default({}),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status').$type<'pending' | 'cancelled' | 'sent' | 'failed'>().notNull().default('pending'),
    deliveryChannel: text('delivery_channel').$type<'email' | 'in-app' | 'both'>().notNull().default('both'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('future_messages_user_idx').on(t.userId, t.sendAt),
    index('future_messages_due_idx').on(t.sendAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** In-app notifications; `type` is one of share_received, thank_you_received, future_email, share_revoked, account. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc())],
);
