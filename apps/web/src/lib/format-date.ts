import { format, formatDistance, parseISO } from 'date-fns';

/** "21 Nov 2026" for "2026-11-21": the dashboard's date chip and search placeholder (spec §9). */
export const shortDate = (date: string) => format(parseISO(date), 'dd MMM yyyy');

/** "5 minutes ago" for an ISO time: when a notification or share arrived. */
export const relativeTime = (iso: string, now: Date = new Date()) =>
  formatDistance(parseISO(iso), now, { addSuffix: true });
