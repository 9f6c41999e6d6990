import type { ErrorCode, ImportProgress, ImportState } from '@daybook/shared';
import { sql } from 'drizzle-orm';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One import, from upload to report (ADR 037, run as a job since ADR 077). A job checks the uploaded archive
 * (`checking`); the person reads the preview and confirms (`ready`: its entries are already encrypted with the
 * user's key in import_items and its media are validated drafts); a job writes them (`importing`), then the row
 * holds the report (`done`) or the error (`failed`); `cancelled` lasts until a job has cleaned up. Jobs are claimed
 * with SKIP LOCKED and a lease (`lease_until`), so any instance may run one and a dead instance's import is taken up
 * by the next. The table keeps the name it had when a row was only a preview, so that an instance of the previous
 * version still works beside this one during an upgrade.
 */
export const importPreviews = pgTable(
  'import_previews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Known once the check has opened the archive. */
    source: text('source').$type<'daybook' | 'dayone'>(),
    state: text('state').$type<ImportState>().notNull().default('ready'),
    /** The uploaded archive in storage while it is being checked; null once the check has ended. */
    archivePath: text('archive_path'),
    /** What the person sees while a job works: entries read or written so far, out of how many, and how far. */
    progress: jsonb('progress')
      .$type<ImportProgress>()
      .notNull()
      .default({ done: 0, total: null, fraction: 0 }),
    /** Until when the instance running this import holds it; null when no job holds it. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Times a job has taken this import up: one that keeps dying (a crash, an instance killed) is given up. */
    attempts: integer('attempts').notNull().default(0),
    /** The ImportPreview of a checked archive (counts, dates, skipped items), reused by the report. */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    /** The batch an import writes into, chosen when it is confirmed, so a resumed import goes on in the same one. */
    batchId: uuid('batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
    /** The last item position written: where a resumed import goes on. */
    writtenThrough: integer('written_through').notNull().default(0),
    /** The ImportReport, counted as the entries are written and final once `done`. */
    report: jsonb('report').$type<Record<string, unknown>>(),
    /** Why a `failed` import stopped, as the API's error (code and message). */
    failure: jsonb('failure').$type<{ code: ErrorCode; message: string }>(),
    /** Until when a `ready` preview can be confirmed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_previews_user_idx').on(t.userId),
    index('import_previews_expires_at_idx').on(t.expiresAt),
    uniqueIndex('import_previews_one_running_per_user')
      .on(t.userId)
      .where(sql`${t.state} in ('checking', 'importing')`),
    index('import_previews_runnable_idx')
      .on(t.createdAt)
      .where(sql`${t.state} in ('checking', 'importing', 'cancelled')`),
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
    /** The drafts of the entry's further attachments, in order (ADR 088). */
    attachmentDraftIds: jsonb('attachment_draft_ids').$type<string[]>().notNull().default([]),
    /** The item only brings its attachment to the user's entry with this import key (no text of its own). */
    attachToExisting: boolean('attach_to_existing').notNull().default(false),
    sourceType: text('source_type').$type<'journal' | 'empty'>().notNull(),
    /** "Entry of 2021-05-04", for the report. */
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.previewId, t.position] })],
);
