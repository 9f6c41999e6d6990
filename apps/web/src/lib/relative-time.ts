import { formatDistance, parseISO } from 'date-fns';

/**
 * "5 minutes ago" for an ISO time: when a notification or share arrived, a session was last active. In English
 * whatever the browser's locale: it is a sentence of the app's copy, which is English (ADR 085); dates and times
 * themselves are written by lib/dates.ts. Its own module: date-fns' distance wording would otherwise ride along
 * with every page that formats a date (the dashboard's budget, ADR 020).
 */
export const relativeTime = (iso: string, now: Date = new Date()) =>
  formatDistance(parseISO(iso), now, { addSuffix: true });
