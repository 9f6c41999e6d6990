import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pushSubscriptions, reminderDeliveries, reminderSettings, users } from '../../db/schema/index.ts';

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type NewReminderSettingsRow = typeof reminderSettings.$inferInsert;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A reminder whose time has come, as the job claims it, with what it needs of its owner. */
export type DueReminder = {
  userId: string;
  localTime: string;
  weekdays: number[];
  byEmail: boolean;
  inApp: boolean;
  byPush: boolean;
  nextDueAt: Date;
  nextDueDate: string;
  nextDueZone: string;
  email: string;
  name: string;
  timezone: string;
  isDisabled: boolean;
};

type DueRow = {
  user_id: string;
  local_time: string;
  weekdays: number[];
  by_email: boolean;
  in_app: boolean;
  by_push: boolean;
  next_due_at: string | Date;
  next_due_date: string | Date;
  next_due_zone: string | null;
  email: string;
  name: string;
  timezone: string;
  is_disabled: boolean | null;
};

/** A delivery whose Web Push is still to be sent, with the owner's subscriptions. */
export type PendingPush = { id: string; userId: string; localDate: string; pushAttempts: number };

const dateText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** Every statement about a user's settings or subscriptions is scoped to that user. */
export function createRemindersRepository(db: Executor) {
  return {
    async find(userId: string): Promise<ReminderSettingsRow | null> {
      const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
      return row ?? null;
    },

    async timezoneOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ timezone: users.timezone }).from(users).where(eq(users.id, userId));
      return row?.timezone ?? null;
    },

    async upsert(values: NewReminderSettingsRow): Promise<ReminderSettingsRow> {
      const { userId: _userId, createdAt: _createdAt, ...changes } = values;
      const [row] = await db
        .insert(reminderSettings)
        .values(values)
        .onConflictDoUpdate({ target: reminderSettings.userId, set: changes })
        .returning();
      return row!;
    },

    /** Off, and nothing due: the unsubscribe link. True when the user has settings (on or off). */
    async disable(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(reminderSettings)
        .set({ enabled: false, nextDueAt: null, nextDueDate: null, nextDueZone: null, updatedAt: now })
        .where(eq(reminderSettings.userId, userId))
        .returning({ userId: reminderSettings.userId });
      return rows.length > 0;
    },

    /**
     * Claims reminders whose time has come, earliest first, `FOR UPDATE SKIP LOCKED`: run inside a transaction,
     * which holds them until it commits, so two instances never work on the same user's reminder at once.
     */
    async claimDue(now: Date, limit: number, userId?: string): Promise<DueReminder[]> {
      const at = now.toISOString();
      const onlyUser = userId ? sql`and rs.user_id = ${userId}` : sql``;
      const { rows } = await db.execute<DueRow>(sql`
        select rs.user_id, rs.local_time, rs.weekdays, rs.by_email, rs.in_app, rs.by_push, rs.next_due_at,
               rs.next_due_date, rs.next_due_zone, u.email, u.name, u.timezone,
               (u.banned and (u.ban_expires is null or u.ban_expires > ${at})) as is_disabled
        from reminder_settings rs
        join users u on u.id = rs.user_id
        where rs.enabled and rs.next_due_at <= ${at} ${onlyUser}
        order by rs.next_due_at, rs.user_id
        limit ${limit}
        for update of rs skip locked`);
      return rows.map((row) => ({
        userId: row.user_id,
        localTime: row.local_time,
        weekdays: row.weekdays.map(Number),
        byEmail: row.by_email,
        inApp: row.in_app,
        byPush: row.by_push,
        nextDueAt: new Date(row.next_due_at),
        nextDueDate: dateText(row.next_due_date),
        nextDueZone: row.next_due_zone ?? row.timezone,
        email: row.email,
        name: row.name,
        timezone: row.timezone,
        isDisabled: Boolean(row.is_disabled),
      }));
    },

    /** Moves a claimed reminder on to its next occurrence (or none). */
    async advance(
      userId: string,
      next: { at: Date; localDate: string; zone: string } | null,
      now: Date,
    ): Promise<void> {
      await db
        .update(reminderSettings)
        .set({
          nextDueAt: next?.at ?? null,
          nextDueDate: next?.localDate ?? null,
          nextDueZone: next?.zone ?? null,
          updatedAt: now,
        })
        .where(eq(reminderSettings.userId, userId));
    },

    /** Whether the user saved an entry dated that local day (their journal, not a message to the future). */
    async hasWrittenOn(userId: string, localDate: string): Promise<boolean> {
      const { rows } = await db.execute(sql`
        select 1 from entries
        where user_id = ${userId} and entry_date = ${localDate} and deleted_at is null and source_type <> 'future_me'
        limit 1`);
      return rows.length > 0;
    },

    /**
     * The day's delivery row, or null when that day was handled already (by another instance, an earlier run, or
     * before the settings were saved again): the unique (user_id, local_date) decides, inside the caller's
     * transaction, so the e-mail and notification written with it exist at most once per day.
     */
    async insertDelivery(values: {
      userId: string;
      localDate: string;
      dueAt: Date;
      outcome: 'sent' | 'already-written';
      pushState: 'none' | 'pending';
      now: Date;
    }): Promise<{ id: string } | null> {
      const [row] = await db
        .insert(reminderDeliveries)
        .values({
          userId: values.userId,
          localDate: values.localDate,
          dueAt: values.dueAt,
          outcome: values.outcome,
          pushState: values.pushState,
          createdAt: values.now,
        })
        .onConflictDoNothing({ target: [reminderDeliveries.userId, reminderDeliveries.localDate] })
        .returning({ id: reminderDeliveries.id });
      return row ?? null;
    },

    async countSubscriptions(userId: string): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from push_subscriptions where user_id = ${userId}`,
      );
      return rows[0]?.n ?? 0;
    },

    async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /**
     * Saves this browser's subscription for the user. An endpoint belongs to one browser profile: signed in as
     * someone else there, it moves to them (the previous user no longer gets pushes in that browser).
     */
    async saveSubscription(
      userId: string,
      subscription: { endpoint: string; p256dh: string; auth: string },
      now: Date,
    ): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now },
        });
    },

    async removeSubscription(userId: string, endpoint: string): Promise<void> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** Claims deliveries whose push is still to be sent, `FOR UPDATE SKIP LOCKED` (one instance sends each). */
    async claimPendingPushes(limit: number): Promise<PendingPush[]> {
      const { rows } = await db.execute<{
        id: string;
        user_id: string;
        local_date: string | Date;
        push_attempts: number;
      }>(sql`
        select id, user_id, local_date, push_attempts from reminder_deliveries
        where push_state = 'pending'
        order by created_at
        limit ${limit}
        for update skip locked`);
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        localDate: dateText(row.local_date),
        pushAttempts: row.push_attempts,
      }));
    },

    async markPush(id: string, state: 'pending' | 'sent' | 'failed', attempts: number): Promise<void> {
      await db
        .update(reminderDeliveries)
        .set({ pushState: state, pushAttempts: attempts })
        .where(eq(reminderDeliveries.id, id));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
