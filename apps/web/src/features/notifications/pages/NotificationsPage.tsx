import { NOTIFICATION_LIMITS, type Notification, SHARE_MESSAGES } from '@daybook/shared';
import { BellOff, Check, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PagedList } from '../../../components/ui/paged-list.tsx';
import { receivedSharePath } from '../../../lib/constants.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPage,
  useNotificationSummary,
} from '../api.ts';
import {
  NotificationContent,
  receivedShareIdOf,
  ThankYouText,
  thankYouIdOf,
} from '../components/NotificationContent.tsx';

/** /notifications: every notification, 20 a page (page 0 first), each can be marked read or deleted. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const [page, setPage] = usePageParam();
  const list = useNotificationPage(page);
  const summary = useNotificationSummary();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = summary.data?.unreadCount ?? 0;

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

        <PagedList
          query={list}
          page={page}
          onPageChange={setPage}
          pageSize={NOTIFICATION_LIMITS.pageSize}
          loadingLabel="Loading notifications…"
          skeletonCount={4}
          skeletonClassName="h-20"
          emptyIcon={BellOff}
          emptyMessage={SHARE_MESSAGES.noNotifications}
          emptyDetail={
            <>
              <p>
                Thank-you notes for the reflections you share, letters from your past self and news about your
                account arrive here, and the bell at the top of every page counts them.
              </p>
              <Button asChild variant="outline" size="sm">
                <Link to="/dashboard">Back to your journal</Link>
              </Button>
            </>
          }
          paginationLabel="Notification pages"
        >
          {(data) => (
            <ul aria-label="All notifications" className="flex flex-col gap-3">
              {data.items.map((notification) => (
                <li key={notification.id}>
                  <NotificationRow notification={notification} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </div>
  );
}

function NotificationRow({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const thankYouId = thankYouIdOf(notification);
  const shareId = receivedShareIdOf(notification);
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
          {shareId ? (
            <Button variant="ghost" size="sm" asChild>
              <Link
                to={receivedSharePath(shareId)}
                onClick={() => (notification.isRead ? undefined : markRead.mutate(notification.id))}
              >
                Open entry
              </Link>
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
