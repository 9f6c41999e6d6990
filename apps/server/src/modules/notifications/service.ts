import {
  NOTIFICATION_LIMITS,
  type Notification,
  type NotificationPage,
  type NotificationSummary,
  type SessionUser,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import { queueLiveEvent, queueLiveEvents } from '../../db/live-events.ts';
import { AppError } from '../../lib/errors.ts';
import {
  createNotificationsRepository,
  insertNotification,
  insertNotifications,
  type NewNotification,
  type NotificationRow,
} from './repository.ts';

/**
 * Writes a notification and queues its live event in the caller's transaction, so the bell of every open tab of
 * the user refreshes once the change commits (and never for a change that was rolled back). Every module that
 * notifies someone goes through here.
 */
export async function notifyUser(db: Executor, values: NewNotification): Promise<{ id: string }> {
  const row = await insertNotification(db, values);
  await queueLiveEvent(db, values.userId, { type: 'notification', id: row.id });
  return row;
}

/** `notifyUser` for a batch (a job notifying many users): two statements whatever the batch's size. */
export async function notifyUsers(db: Executor, values: NewNotification[]): Promise<void> {
  const rows = await insertNotifications(db, values);
  await queueLiveEvents(
    db,
    rows.map((row, index) => ({
      userId: values[index]!.userId,
      event: { type: 'notification', id: row.id },
    })),
  );
}

/** The id a `notification` live event carries when every unread notification of the user changed at once. */
export const ALL_NOTIFICATIONS_ID = 'all';

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    metadata: row.metadata,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Notification not found');

/**
 * The bell and `/notifications` (docs/product/notifications.md#notifications-bell). A change made in one tab (read, deleted) is announced as a live
 * event by the statement that makes it (one round trip: these are the hot path of the live benchmark), so the
 * user's other tabs refresh their bell too.
 */
export function createNotificationsService(deps: { db: Db }) {
  const { db } = deps;
  const repository = createNotificationsRepository(db);

  return {
    async list(user: SessionUser, query: { page: number; pageSize: number }): Promise<NotificationPage> {
      const rows = await repository.page(user.id, query.pageSize, query.page * query.pageSize);
      return { items: rows.map(toNotification), total: await repository.total(user.id) };
    },

    async summary(user: SessionUser): Promise<NotificationSummary> {
      const rows = await repository.page(user.id, NOTIFICATION_LIMITS.popoverItems, 0);
      return { latest: rows.map(toNotification), unreadCount: await repository.unreadCount(user.id) };
    },

    async markRead(user: SessionUser, id: string): Promise<void> {
      if (!(await repository.markRead(user.id, id, { type: 'notification', id }))) throw notFound();
    },

    async markAllRead(user: SessionUser): Promise<void> {
      await repository.markAllRead(user.id, { type: 'notification', id: ALL_NOTIFICATIONS_ID });
    },

    async remove(user: SessionUser, id: string): Promise<void> {
      if (!(await repository.remove(user.id, id, { type: 'notification', id }))) throw notFound();
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
