import { NOTIFICATION_LIMITS } from '@daybook/shared';

/** docs/product/notifications.md#notifications-bell: a bell's badge shows the count up to 9, then "9+" (both bells). */
export function countLabel(count: number, max: number = NOTIFICATION_LIMITS.badgeMax): string {
  return count > max ? `${max}+` : String(count);
}
