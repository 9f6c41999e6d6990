import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { textArray } from '../../db/live-events.ts';
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
/** The entries module's visibility rule alone (ADR 021), handed in by services.ts: modules share no repositories. */
export type VisibleEntry = (alias?: string) => SQL;

export function createRemindersRepository(db: Executor, visibleEntry: VisibleEntry) {
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
               -- No nudges to write for a disabled account, nor one whose deletion is scheduled.
               ((u.banned and (u.ban_expires is null or u.ban_expires > ${at}))
                 or u.deletion_scheduled_for is not null) as is_disabled
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

    /** Moves claimed reminders on in one statement (`advance` for a batch). */
    async advanceMany(
      items: { userId: string; next: { at: Date; localDate: string; zone: string } | null }[],
      now: Date,
    ): Promise<void> {
      if (items.length === 0) return;
      const ids = textArray(items.map((item) => item.userId));
      const ats = textArray(items.map((item) => item.next?.at.toISOString() ?? null));
      const dates = textArray(items.map((item) => item.next?.localDate ?? null));
      const zones = textArray(items.map((item) => item.next?.zone ?? null));
      await db.execute(sql`
        update reminder_settings rs
        set next_due_at = v.at, next_due_date = v.local_date, next_due_zone = v.zone, updated_at = ${now.toISOString()}
        from unnest(${ids}::uuid[], ${ats}::timestamptz[], ${dates}::date[], ${zones}::text[])
          as v(user_id, at, local_date, zone)
        where rs.user_id = v.user_id`);
    },

    /** Which of these (user, local day) pairs have an entry that day, as "userId date" keys. */
    async writtenOnDays(pairs: { userId: string; localDate: string }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const ids = textArray(pairs.map((pair) => pair.userId));
      const dates = textArray(pairs.map((pair) => pair.localDate));
      const { rows } = await db.execute<{ user_id: string; local_date: string }>(sql`
        select distinct e.user_id, e.entry_date::text as local_date
        from unnest(${ids}::uuid[], ${dates}::date[]) as d(user_id, local_date)
        join entries e on e.user_id = d.user_id and e.entry_date = d.local_date
        where ${visibleEntry('e')}`);
      return new Set(rows.map((row) => `${row.user_id} ${row.local_date}`));
    },

    /** The users among these with at least one push subscription. */
    async usersWithSubscriptions(userIds: string[]): Promise<Set<string>> {
      if (userIds.length === 0) return new Set();
      const { rows } = await db.execute<{ user_id: string }>(
        sql`select distinct user_id from push_subscriptions where user_id = any(${textArray(userIds)}::uuid[])`,
      );
      return new Set(rows.map((row) => row.user_id));
    },

    /**
     * The days' delivery rows in one statement; returns the users whose row was new. A (user, day) that was
     * handled already (another instance, an earlier run, settings saved again) is left out: the unique
     * (user_id, local_date) decides, inside the caller's transaction, so what is written with the rows exists at
     * most once per day.
     */
    async insertDeliveries(
      values: {
        userId: string;
        localDate: string;
        dueAt: Date;
        outcome: 'sent' | 'already-written';
        pushState: 'none' | 'pending';
      }[],
      now: Date,
    ): Promise<Set<string>> {
      if (values.length === 0) return new Set();
      const rows = await db
        .insert(reminderDeliveries)
        .values(values.map((value) => ({ ...value, createdAt: now })))
        .onConflictDoNothing({ target: [reminderDeliveries.userId, reminderDeliveries.localDate] })
        .returning({ userId: reminderDeliveries.userId });
      return new Set(rows.map((row) => row.userId));
    },

    async subscriptionsOf(userId: string): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },

    /**
     * Saves this browser's subscription for the user; false when the endpoint is another account's. An endpoint
     * belongs to the account that registered it. It moves to another account only when the same browser subscription
     * (its keys, which only that browser holds) is registered again, signed in as someone else there: knowing
     * someone's endpoint URL is not enough to take their pushes.
     */
    async saveSubscription(
      userId: string,
      subscription: { endpoint: string; p256dh: string; auth: string },
      now: Date,
    ): Promise<boolean> {
      const saved = await db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, createdAt: now },
          setWhere: or(
            eq(pushSubscriptions.userId, userId),
            and(
              eq(pushSubscriptions.p256dh, subscription.p256dh),
              eq(pushSubscriptions.auth, subscription.auth),
            ),
          ),
        })
        .returning({ id: pushSubscriptions.id });
      return saved.length > 0;
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
