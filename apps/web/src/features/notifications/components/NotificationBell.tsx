import { lazy, useState } from 'react';
import { CountAnnouncer } from '../../../components/ui/count-announcer.tsx';
import { DeferredPopup } from '../../../components/ui/deferred-popup.tsx';
import { useNotificationSummary } from '../api.ts';
import { NotificationBellButton, notificationBellLabel } from './NotificationBellButton.tsx';

const loadPopover = () => import('./NotificationPopover.tsx');
const NotificationPopover = lazy(async () => ({ default: (await loadPopover()).NotificationPopover }));

/**
 * The header's notification bell (signed in only): the unread badge comes with the page, the popover (Radix)
 * loads on first use (ADR 020).
 */
export function NotificationBell() {
  const summary = useNotificationSummary();
  const unread = summary.data?.unreadCount ?? 0;
  const [isOpen, setIsOpen] = useState(false);

  return (
    <>
      <CountAnnouncer count={summary.data?.unreadCount ?? null} label={notificationBellLabel} />
      <DeferredPopup
        preload={() => loadPopover().catch(() => undefined)}
        trigger={(standIn) => (
          <NotificationBellButton
            unread={unread}
            aria-haspopup="dialog"
            aria-expanded={false}
            {...standIn}
            onClick={() => {
              setIsOpen(true);
              standIn.onClick?.();
            }}
          />
        )}
      >
        <NotificationPopover open={isOpen} onOpenChange={setIsOpen} unread={unread} />
      </DeferredPopup>
    </>
  );
}
