import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './auth.ts';

/**
 * A user's daily reminder (migration 0011, ADR 042). `next_due_at` is computed in the service from the local time,
 * the weekdays and the zone in `next_due_zone` (the user's time zone when it was computed); the job claims rows
 * whose instant has come and moves it on.
 */
export const reminderSettings = pgTable(
  'reminder_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** "HH:MM", local wall-clock time. */
    localTime: text('local_time').notNull(),
    /** 0 = Monday … 6 = Sunday. */
    weekdays: smallint('weekdays').array().notNull(),
    byEmail: boolean('by_email').notNull().default(true),
    inApp: boolean('in_app').notNull().default(true),
    byPush: boolean('by_push').notNull().default(false),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    /** The local day the next reminder is for (the delivery's unique day). */
    nextDueDate: date('next_due_date'),
    nextDueZone: text('next_due_zone'),
    ...timestamps,
  },
  (t) => [index('reminder_settings_due_idx').on(t.nextDueAt).where(sql`${t.enabled}`)],
);

/**
 * One row per user and local day whose reminder was handled (sent, or skipped because the user had written).
 * The unique (user_id, local_date) is what makes a day's reminder go out once, whichever instance or run gets
 * there: the row, the outbox e-mail and the notification commit together (ADR 042).
 */
export const reminderDeliveries = pgTable(
  'reminder_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    localDate: date('local_date').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    outcome: text('outcome').$type<'sent' | 'already-written'>().notNull(),
    /** Web Push of this reminder: none asked, waiting for the push step, or done. */
    pushState: text('push_state').$type<'none' | 'pending' | 'sent' | 'failed'>().notNull().default('none'),
    pushAttempts: integer('push_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reminder_deliveries_user_date_unique').on(t.userId, t.localDate),
    index('reminder_deliveries_push_pending_idx').on(t.createdAt).where(sql`${t.pushState} = 'pending'`),
  ],
);

/** Browsers' Web Push subscriptions (one per browser profile; the endpoint identifies it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
