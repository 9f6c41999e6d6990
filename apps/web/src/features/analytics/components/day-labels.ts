import { weekdayIndex } from '@daybook/shared';

/*
 * Dates as the charts and the year in pixels print them, from the yyyy-MM-dd string itself: hundreds of labels
 * are made while the first chart is drawn, and a Date and a formatter for each cost more than the strings.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const dayOf = (date: string) => Number(date.slice(8, 10));
const monthOf = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1]!;

/** "3 Mar" for 2026-03-03. */
export const shortDay = (date: string): string => `${dayOf(date)} ${monthOf(date).slice(0, 3)}`;

/** "Tuesday 3 March 2026" for 2026-03-03. */
export const longDay = (date: string): string =>
  `${WEEKDAYS[weekdayIndex(date)]} ${dayOf(date)} ${monthOf(date)} ${date.slice(0, 4)}`;
