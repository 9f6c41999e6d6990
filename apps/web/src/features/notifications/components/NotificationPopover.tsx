import { NOTIFICATION_LIMITS, type Notification, SHARE_MESSAGES } from '@daybook/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationSummary } from '../api.ts';
import { NotificationBellButton } from './NotificationBellButton.tsx';
import { NotificationContent, ThankYouText, thankYouIdOf } from './NotificationContent.tsx';

type NotificationPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
};

/** Spec §2 Notification bell: "Notifications", Mark all read (with unread only), the latest 5, View all. */
export function NotificationPopover({ open, onOpenChange, unread }: NotificationPopoverProps) {
  const summary = useNotificationSummary();
  const markAllRead = useMarkAllNotificationsRead();
  const titleId = useId();
  const latest = (summary.data?.latest ?? []).slice(0, NOTIFICATION_LIMITS.popoverItems);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <NotificationBellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent align="end" className="flex w-80 flex-col p-0" aria-labelledby={titleId}>
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 id={titleId} className="text-sm font-semibold">
            Notifications
          </h2>
          {unread > 0 ? (
            <Button
              variant="link"
              size="sm"
              disabled={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              Mark all read
            </Button>
          ) : null}
        </div>
        {summary.isPending ? (
          <div role="status" className="flex flex-col gap-3 p-4">
            <span className="sr-only">Loading notifications…</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : latest.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted-foreground">
            {SHARE_MESSAGES.noNotifications}
          </p>
        ) : (
          <ul className="flex max-h-96 flex-col divide-y overflow-y-auto">
            {latest.map((notification) => (
              <li key={notification.id}>
                <PopoverNotification notification={notification} />
              </li>
            ))}
          </ul>
        )}
        <div className="border-t px-4 py-2 text-center">
          <Button asChild variant="link" size="sm">
            <Link to="/notifications" onClick={() => onOpenChange(false)}>
              View all notifications
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

/** Clicking marks it read; a thank-you also opens its note. */
function PopoverNotification({ notification }: { notification: Notification }) {
  const markRead = useMarkNotificationRead();
  const thankYouId = thankYouIdOf(notification);
  const [isNoteShown, setIsNoteShown] = useState(false);

  const onClick = () => {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (thankYouId) setIsNoteShown((shown) => !shown);
  };

  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <button
        type="button"
        onClick={onClick}
        aria-expanded={thankYouId ? isNoteShown : undefined}
        className="-mx-2 flex rounded-md px-2 py-1 text-left transition-colors hover:bg-muted"
      >
        <NotificationContent notification={notification} />
      </button>
      {thankYouId && isNoteShown ? <ThankYouText thankYouId={thankYouId} /> : null}
    </div>
  );
}
