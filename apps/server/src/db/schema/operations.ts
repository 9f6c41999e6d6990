import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** Messages sent through the contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin marks the message handled (the admin area). */
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc())],
);

/**
 * Transactional outbox: a message is written here in the same transaction as the change that causes it,
 * then delivered by a job with retries, so nothing is lost while SMTP is down.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    /** Extra headers (List-Unsubscribe on reminders, migration 0011); erased with the content once delivered. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_failed_idx').on(t.createdAt.desc()).where(sql`${t.status} = 'failed'`),
  ],
);

/** Fixed-window request counters shared by every server instance (rate limiting). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Every action taken in the admin area or with the admin CLI (ADR 034). `actor` names who did it as shown on the
 * page (an admin's e-mail, or `cli:<os user>`); `actor_user_id` links an admin who still exists.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: actions in the same millisecond (or under a test's fixed clock) still list newest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_seq_idx').on(t.seq.desc())],
);

/** The last run of each scheduled job, written by the scheduler of whichever instance ran it (jobs health). */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastSucceededAt: timestamp('last_succeeded_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * The job that seals media stored plain before ADR 081 (`seal-stored-media`): one row, held by one instance at a
 * time (`holder` until `leaseUntil`), with where its pass through the storage listing has got to, so that a run
 * stopped anywhere resumes after the last file it finished.
 */
export const mediaSealing = pgTable('media_sealing', {
  name: text('name').primaryKey(),
  holder: uuid('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** The last path of the listing this pass has finished with; null at a pass's start. */
  cursor: text('cursor'),
  firstStartedAt: timestamp('first_started_at', { withTimezone: true }),
  passStartedAt: timestamp('pass_started_at', { withTimezone: true }),
  passEndedAt: timestamp('pass_ended_at', { withTimezone: true }),
  passSealed: integer('pass_sealed').notNull().default(0),
  sealedFiles: integer('sealed_files').notNull().default(0),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
