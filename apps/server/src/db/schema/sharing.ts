import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { EncryptionMetadata } from './entries.ts';
import { entries } from './entries.ts';

/** An entry shared by e-mail with one recipient; the link token is stored only as a hash. */
export const sharedEntries = pgTable(
  'shared_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientEmail: text('recipient_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    note: text('note'),
    includeMedia: boolean('include_media').notNull().default(false),
    status: text('status').$type<'active' | 'revoked' | 'expired'>().notNull().default('active'),
    resendCount: integer('resend_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** How a private entry's share is sealed (ADR 103, migration 0030); null: the server reads the entry. */
    sealing: text('sealing').$type<'account' | 'link' | 'server'>(),
  },
  (t) => [
    index('shared_entries_entry_idx').on(t.entryId),
    index('shared_entries_sender_idx').on(t.senderId, t.createdAt.desc()),
    index('shared_entries_recipient_idx').on(t.recipientUserId, t.createdAt.desc()),
    index('shared_entries_recipient_email_idx').on(t.recipientEmail),
    index('shared_entries_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);

export const shareEvents = pgTable(
  'share_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => sharedEntries.id, { onDelete: 'cascade' }),
    eventType: text('event_type')
      .$type<'in_app_viewed' | 'share_viewed' | 'email_sent' | 'resent'>()
      .notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_events_share_idx').on(t.shareId, t.createdAt)],
);

/** A recipient's thanks, encrypted for the sender. */
export const shareThankYouNotes = pgTable(
  'share_thank_you_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => sharedEntries.id, { onDelete: 'cascade' }),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientUserId: uuid('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    encryptedMessage: text('encrypted_message').notNull(),
    metadata: jsonb('metadata').$type<EncryptionMetadata>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_thank_you_notes_share_idx').on(t.shareId)],
);

/** Reports about a shared entry, kept for admin review. */
export const shareReports = pgTable(
  'share_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => sharedEntries.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<'spam' | 'harassment' | 'inappropriate' | 'privacy' | 'other'>().notNull(),
    details: text('details'),
    status: text('status')
      .$type<'open' | 'dismissed' | 'share_revoked' | 'sender_disabled'>()
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_reports_status_idx').on(t.status, t.createdAt)],
);

/**
 * A sealed share's copy of its private entry (ADR 103, migration 0030), sealed in the sender's browser under the
 * share key: the text and mood, the media as an opaque container at `media_path`. The key itself only wrapped: to
 * the sender's public key here, to the recipient's in share_key_wraps, and for "E-mail it" under the sender's
 * standard entry key (`server_key`), which the server derives.
 */
export const shareCopies = pgTable('share_copies', {
  shareId: uuid('share_id')
    .primaryKey()
    .references(() => sharedEntries.id, { onDelete: 'cascade' }),
  sealedCopy: text('sealed_copy').notNull(),
  keyForSender: text('key_for_sender').notNull(),
  serverKey: jsonb('server_key').$type<{ ciphertext: string; iv: string }>(),
  mediaType: text('media_type').$type<'image' | 'audio' | 'video'>(),
  mediaPath: text('media_path'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A share key wrapped to one account's public key (ADR 103): the recipient's. Revoking deletes it. */
export const shareKeyWraps = pgTable(
  'share_key_wraps',
  {
    shareId: uuid('share_id')
      .notNull()
      .references(() => sharedEntries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wrappedKey: text('wrapped_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.userId] })],
);
