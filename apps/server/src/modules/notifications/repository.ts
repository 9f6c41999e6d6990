import type { LiveEvent } from '@daybook/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { liveEventNotify } from '../../db/live-events.ts';
import { notifications } from '../../db/schema/index.ts';

export type NewNotification = {
  userId: string;
  type: string;
  title: string;
  message: string;
  metadata?: Record<string, unknown>;
  createdAt?: Date;
};

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: Executor, values: NewNotification): Promise<{ id: string }> {
  const [row] = await db
    .insert(notifications)
    .values({ ...values, metadata: values.metadata ?? {} })
    .returning({ id: notifications.id });
  return row!;
}

/** Several notifications in one statement, in the order given. */
export async function insertNotifications(
  db: Executor,
  values: NewNotification[],
): Promise<{ id: string }[]> {
  if (values.length === 0) return [];
  return db
    .insert(notifications)
    .values(values.map((value) => ({ ...value, metadata: value.metadata ?? {} })))
    .returning({ id: notifications.id });
}

/** Every statement is scoped to its owner: another user's id finds nothing and changes nothing. */
export function createNotificationsRepository(db: Executor) {
  return {
    /** Newest first (notifications_user_created_idx); the id breaks ties between rows of the same instant. */
    async page(userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async total(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.userId, userId));
      return row?.n ?? 0;
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
      return row?.n ?? 0;
    },

    /**
     * Marks one read and announces it to the user's tabs, in one statement (one round trip, one commit). False,
     * and nothing announced, when the user has no such notification.
     */
    async markRead(userId: string, id: string, event: LiveEvent): Promise<boolean> {
      const { rows } = await db.execute(sql`
        with changed as (
          update notifications set is_read = true where id = ${id} and user_id = ${userId} returning id)
        select ${liveEventNotify(userId, event)} from changed`);
      return rows.length > 0;
    },

    /** Marks every unread one read; announces it once when there was any. How many were unread. */
    async markAllRead(userId: string, event: LiveEvent): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`
        with changed as (
          update notifications set is_read = true where user_id = ${userId} and is_read = false returning id),
        counted as (select count(*)::int as n from changed)
        select n, case when n > 0 then ${liveEventNotify(userId, event)} end from counted`);
      return rows[0]?.n ?? 0;
    },

    /** Deletes one and announces it, in one statement. False, and nothing announced, when there is no such one. */
    async remove(userId: string, id: string, event: LiveEvent): Promise<boolean> {
      const { rows } = await db.execute(sql`
        with removed as (delete from notifications where id = ${id} and user_id = ${userId} returning id)
        select ${liveEventNotify(userId, event)} from removed`);
      return rows.length > 0;
    },
  };
}
