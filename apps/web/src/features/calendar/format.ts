import { addDays, format, parseISO } from 'date-fns';

/** "Saturday, 21 November 2026": a day button's name. */
export const dayLabel = (date: string) => format(parseISO(date), 'EEEE, d MMMM yyyy');

/** "November 2026": the grid's name. */
export const monthLabel = (month: string) => format(parseISO(`${month}-01`), 'MMMM yyyy');

/** January … December, for the month dropdown. */
export const MONTH_NAMES = Array.from({ length: 12 }, (_, index) => format(new Date(2026, index, 1), 'MMMM'));

/** Monday first (spec §2): "Mo" over each column, "Monday" for its full name. */
const MONDAY = new Date(2026, 10, 16);
export const WEEKDAYS = Array.from({ length: 7 }, (_, index) => {
  const day = addDays(MONDAY, index);
  return { short: format(day, 'EEEEEE'), long: format(day, 'EEEE') };
});
