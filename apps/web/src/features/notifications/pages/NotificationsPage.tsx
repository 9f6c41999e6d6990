import { NOTIFICATION_LIMITS, type Notification, SHARE_MESSAGES } from '@daybook/shared';
import { BellOff, Check, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPage,
  useNotificationSummary,
} from '../api.ts';
import { NotificationContent, ThankYouText, thankYouIdOf } from '../components/NotificationContent.tsx';

/** /notifications: every notification, 20 a page (page 0 first), each can be marked read or deleted. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [page, setPage] = usePageParam();
  const list = useNotificationPage(page);
  const summary = useNotificationSummary();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = summary.data?.unreadCount ?? 0;
  const totalPages = Math.ceil((list.data?.total ?? 0) / NOTIFICATION_LIMITS.pageSize);
  const isPastTheEnd = page > 0 && list.data !== undefined && list.data.items.length === 0;

  // The last one on the last page was deleted (or an old link): go to the last page that exists.
  useEffect(() => {
    if (isPastTheEnd) setPage(Math.max(0, totalPages - 1));
  }, [isPastTheEnd, totalPages, setPage]);

  return (
    <div className="page-container py-10 sm:py-14">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-semibold sm:text-4xl">Notifications</h1>
            <p className="text-muted-foreground">
              {unread > 0 ? `${unread} unread` : 'You are all caught up.'}
            </p>
          </div>
          {unread > 0 ? (
            <Button variant="outline" disabled={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
              <Check aria-hidden="true" />
              Mark all read
            </Button>
          ) : null}
        </div>

        {list.isPending ? (
          <div role="status" className="flex flex-col gap-3">
            <span className="sr-only">Loading notifications…</span>
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-20 w-full rounded-card" />
            ))}
          </div>
        ) : list.isError ? (
          <RetryAlert message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <BellOff aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="text-muted-foreground">{SHARE_MESSAGES.noNotifications}</p>
          </Card>
        ) : (
          <ul aria-label="All notifications" className="flex flex-col gap-3">
            {list.data.items.map((notification) => (
              <li key={notification.id}>
                <NotificationRow notification={notification} />
              </li>
            ))}
          </ul>
        )}

        <Pagination
          page={page + 1}
          totalPages={totalPages}
          onPageChange={(next) => setPage(next - 1)}
          label="Notification pages"
        />
      </div>
    </div>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const thankYouId = thankYouIdOf(notification);
  const [isNoteShown, setIsNoteShown] = useState(false);

  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start gap-3">
        <NotificationContent notification={notification} />
        <div className="flex shrink-0 items-center gap-1">
          {thankYouId ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={isNoteShown}
              onClick={() => {
                setIsNoteShown((shown) => !shown);
                if (!notification.isRead) markRead.mutate(notification.id);
              }}
            >
              {isNoteShown ? 'Hide note' : 'Read note'}
            </Button>
          ) : null}
          {notification.isRead ? null : (
            <Button
              variant="ghost"
              size="sm"
              disabled={markRead.isPending}
              aria-label={`Mark "${notification.title}" as read`}
              onClick={() => markRead.mutate(notification.id)}
            >
              <Check aria-hidden="true" />
              Mark read
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            disabled={remove.isPending}
            aria-label={`Delete "${notification.title}"`}
            onClick={() => remove.mutate(notification.id)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      {thankYouId && isNoteShown ? <ThankYouText thankYouId={thankYouId} /> : null}
    </Card>
  );
}
