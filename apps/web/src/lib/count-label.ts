import { NOTIFICATION_LIMITS } from '@daybook/shared';

/** docs/product/notifications.md#notifications-bell: a bell's badge shows the count up to 9, then "9+" (both bells). */
export function countLabel(count: number, max: number = NOTIFICATION_LIMITS.badgeMax): string {
  return count > max ? `${max}+` : String(count);
}

/** "1 entry", "1,204 entries": a count with its noun, in the reader's digits (the export's and import's summaries). */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;
