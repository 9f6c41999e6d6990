import { Bell } from 'lucide-react';
import type { ComponentProps } from 'react';
import { CountButton } from '../../../components/ui/count-button.tsx';

export const notificationBellLabel = (unread: number) =>
  unread > 0 ? `${unread} unread notification${unread === 1 ? '' : 's'}` : 'Notifications';

type BellButtonProps = Omit<ComponentProps<typeof CountButton>, 'icon' | 'count' | 'label'> & {
  unread: number;
};

export function NotificationBellButton({ unread, ...props }: BellButtonProps) {
  return <CountButton icon={Bell} count={unread} label={notificationBellLabel(unread)} {...props} />;
}
