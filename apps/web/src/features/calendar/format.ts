import { formatDay } from '../../lib/dates.ts';

/** "Saturday, 21 November 2026" / "Saturday, November 21, 2026": a day button's name. */
export const dayLabel = (date: string) => formatDay('longDate', date);

/** "November 2026": the grid's name. */
export const monthLabel = (month: string) => formatDay('monthYear', `${month}-01`);

/**
 * January … December, for the month dropdown. Made when drawn, not when the module loads: the first formatter
 * of a page loads the locale's data, a cost kept out of the dashboard's start (ADR 051).
 */
export const monthNames = () =>
  Array.from({ length: 12 }, (_, index) =>
    formatDay('month', `2026-${String(index + 1).padStart(2, '0')}-01`),
  );

/** Monday first (docs/product/dashboard.md#dashboard-calendar), whatever the locale's own first day: "Mon" over each column, "Monday" for its full name. */
export const weekdays = () =>
  // 16 to 22 November 2026 run from a Monday to a Sunday.
  Array.from({ length: 7 }, (_, index) => {
    const date = `2026-11-${16 + index}`;
    return { short: formatDay('shortWeekday', date), long: formatDay('weekday', date) };
  });
