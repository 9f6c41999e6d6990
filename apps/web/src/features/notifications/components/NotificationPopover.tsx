import { NOTIFICATION_LIMITS, type Notification, SHARE_MESSAGES } from '@daybook/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Popover, PopoverTrigger } from '../../../components/ui/popover.tsx';
import { PopoverList } from '../../../components/ui/popover-list.tsx';
import { receivedSharePath } from '../../../lib/constants.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotificationSummary } from '../api.ts';
import { NotificationBellButton } from './NotificationBellButton.tsx';
import {
  NotificationContent,
  receivedShareIdOf,
  ThankYouText,
  thankYouIdOf,
} from './NotificationContent.tsx';

type NotificationPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
};

/** docs/product/notifications.md#notifications-bell: "Notifications", Mark all read (with unread only), the latest 5, View all. */
export function NotificationPopover({ open, onOpenChange, unread }: NotificationPopoverProps) {
  const summary = useNotificationSummary();
  const markAllRead = useMarkAllNotificationsRead();
  const latest = (summary.data?.latest ?? []).slice(0, NOTIFICATION_LIMITS.popoverItems);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <NotificationBellButton unread={unread} />
      </PopoverTrigger>
      <PopoverList
        title="Notifications"
        action={
          unread > 0 ? (
            <Button
              variant="link"
              size="sm"
              disabled={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              Mark all read
            </Button>
          ) : null
        }
        isPending={summary.isPending}
        loadingLabel="Loading notifications…"
        skeletonClassName="h-12"
        isEmpty={latest.length === 0}
        emptyMessage={SHARE_MESSAGES.noNotifications}
        viewAllTo="/notifications"
        viewAllLabel="View all notifications"
        onViewAll={() => onOpenChange(false)}
      >
        {latest.map((notification) => (
          <li key={notification.id}>
            <PopoverNotification notification={notification} onLeave={() => onOpenChange(false)} />
          </li>
        ))}
      </PopoverList>
    </Popover>
  );
}

/** Clicking marks it read; a thank-you also opens its note, a shared entry opens the entry. */
function PopoverNotification({ notification, onLeave }: { notification: Notification; onLeave: () => void }) {
  const markRead = useMarkNotificationRead();
  const navigate = useNavigate();
  const thankYouId = thankYouIdOf(notification);
  const shareId = receivedShareIdOf(notification);
  const [isNoteShown, setIsNoteShown] = useState(false);

  const onClick = () => {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (thankYouId) setIsNoteShown((shown) => !shown);
    if (shareId) {
      onLeave();
      void navigate(receivedSharePath(shareId));
    }
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
