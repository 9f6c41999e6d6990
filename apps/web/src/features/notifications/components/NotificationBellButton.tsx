import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CountBadge } from '../../../components/ui/count-badge.tsx';

export const notificationBellLabel = (unread: number) =>
  unread > 0 ? `${unread} unread notification${unread === 1 ? '' : 's'}` : 'Notifications';

export function NotificationBellButton({
  unread,
  ...props
}: ComponentProps<typeof Button> & { unread: number }) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={notificationBellLabel(unread)}
      className="relative"
      {...props}
    >
      <Bell aria-hidden="true" />
      <CountBadge count={unread} />
    </Button>
  );
}
