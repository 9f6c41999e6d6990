import { NotificationBell } from '../../features/notifications/components/NotificationBell.tsx';
import { SharesBell } from '../../features/sharing/received/components/SharesBell.tsx';

/** The signed-in header's two bells: shares received, then notifications. */
export function HeaderBells() {
  return (
    <>
      <SharesBell />
      <NotificationBell />
    </>
  );
}
