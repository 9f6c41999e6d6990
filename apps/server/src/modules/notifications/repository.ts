import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

/** Every statement is scoped to its owner: another user's id finds nothing and changes nothing. */
export function createNotificationsRepository(db: Executor) {
  const owned = (userId: string, id: string) =>
    and(eq(notifications.id, id), eq(notifications.userId, userId));

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

    /** False when the user has no such notification. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(owned(userId, id))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** How many were unread. */
    async markAllRead(userId: string): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** False when the user has no such notification. */
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(notifications)
        .where(owned(userId, id))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
  };
}
