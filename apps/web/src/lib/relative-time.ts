import { formatDistance, parseISO } from 'date-fns';

/**
 * "5 minutes ago" for an ISO time: when a notification or share arrived. Its own module: date-fns' distance
 * wording would otherwise ride along with every page that formats a date (the dashboard's budget, ADR 020).
 */
export const relativeTime = (iso: string, now: Date = new Date()) =>
  formatDistance(parseISO(iso), now, { addSuffix: true });
