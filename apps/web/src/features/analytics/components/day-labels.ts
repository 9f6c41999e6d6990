import { formatDay, formatHour } from '../../../lib/dates.ts';

/*
 * Dates as the charts and the year in pixels print them, in the reader's locale (ADR 085). Hundreds of labels are
 * made while the first chart is drawn: `formatDay` makes each one once.
 */

/** "3 Mar" / "Mar 3" for 2026-03-03. */
export const shortDay = (date: string): string => formatDay('dayMonth', date);

/** "Tuesday, 3 March 2026" / "Tuesday, March 3, 2026" for 2026-03-03. */
export const longDay = (date: string): string => formatDay('longDate', date);

/** "00:00" … "23:00" / "12:00 AM" … "11:00 PM": the hours of the day, in order. */
export const hourLabels = (): string[] => Array.from({ length: 24 }, (_, hour) => formatHour(hour));
