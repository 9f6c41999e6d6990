import { z } from 'zod';
import { NOTIFICATION_LIMITS } from '../constants.ts';

/**
 * Notifications API contract (ADR 023). Paths, all scoped to the signed-in user:
 *   GET    /api/notifications?page&pageSize   → NotificationPage (page 0-based, size 20, newest first)
 *   GET    /api/notifications/summary         → NotificationSummary (latest 5 + unread count: the bell)
 *   POST   /api/notifications/:id/read        → 204
 *   POST   /api/notifications/read-all        → 204
 *   DELETE /api/notifications/:id             → 204
 *   GET    /api/events                        → text/event-stream of LiveEvent (see live-events.ts)
 */

/** Types the server writes; unknown ones get the default style. */
export const NOTIFICATION_TYPES = [
  'share_received',
  'thank_you_received',
  'future_email',
  'share_revoked',
  'account',
] as const;

export const Notification = z
  .object({
    id: z.string(),
    type: z.string(),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    createdAt: z.string(),
    metadata: z
      .object({
        shareId: z.string().optional(),
        thankYouId: z.string().optional(),
        entryId: z.string().optional(),
        moodTag: z.string().nullable().optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const NotificationQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_LIMITS.pageSize),
});
export type NotificationQuery = z.input<typeof NotificationQuery>;

export const NotificationPage = z
  .object({ items: z.array(Notification), total: z.number().int() })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationSummary = z
  .object({ latest: z.array(Notification), unreadCount: z.number().int() })
  .meta({ id: 'NotificationSummary' });
export type NotificationSummary = z.infer<typeof NotificationSummary>;
