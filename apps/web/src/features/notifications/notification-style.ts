import { Ban, Bell, CalendarClock, Heart, type LucideIcon, Share2, UserRound } from 'lucide-react';

type NotificationStyle = { icon: LucideIcon; className: string };

/** Each type the server writes has its own look (docs/design.md#design-open-values); unknown types get the default. */
const STYLES: Record<string, NotificationStyle> = {
  thank_you_received: {
    icon: Heart,
    className: 'bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-200',
  },
  future_email: {
    icon: CalendarClock,
    className: 'bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-200',
  },
  share_received: {
    icon: Share2,
    className: 'bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-200',
  },
  share_revoked: {
    icon: Ban,
    className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  },
  account: {
    icon: UserRound,
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  },
};

export const DEFAULT_NOTIFICATION_STYLE: NotificationStyle = {
  icon: Bell,
  className: 'bg-muted text-muted-foreground',
};

export function notificationStyle(type: string): NotificationStyle {
  return Object.hasOwn(STYLES, type) ? STYLES[type]! : DEFAULT_NOTIFICATION_STYLE;
}
