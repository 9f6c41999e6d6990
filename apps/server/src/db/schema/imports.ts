import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * An archive that passed every check, waiting for the person to confirm (ADR 037). Its entries are already
 * encrypted with the user's key (import_items) and its media are validated drafts, so confirming needs neither
 * the upload nor the instance that read it.
 */
export const importPreviews = pgTable(
  'import_previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<'daybook' | 'dayone'>().notNull(),
    /** The ImportPreview answered at upload (counts, dates, skipped items), reused by the report. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_previews_user_idx').on(t.userId),
    index('import_previews_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * A confirmed import (ADR 068): listed on /export with what it brought (counted from its entries, so deleting one
 * shows), and removable as a whole. Its entries point at it (entries.import_batch_id).
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<'daybook' | 'dayone'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_batches_user_idx').on(t.userId, t.createdAt)],
);

/** One entry to write on confirm, in archive order. */
export const importItems = pgTable(
  'import_items',
  {
    previewId: uuid('preview_id')
      .notNull()
      .references(() => importPreviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    importKey: text('import_key').notNull(),
    encryptedContent: text('encrypted_content').notNull(),
    encryptionIv: text('encryption_iv').notNull(),
    moodTag: text('mood_tag'),
    timeZone: text('time_zone').notNull(),
    entryDate: date('entry_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    mediaDraftId: uuid('media_draft_id'),
    /** The item only brings its attachment to the user's entry with this import key (no text of its own). */
    attachToExisting: boolean('attach_to_existing').notNull().default(false),
    sourceType: text('source_type').$type<'journal' | 'empty'>().notNull(),
    /** "Entry of 2021-05-04", for the report. */
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.previewId, t.position] })],
);
