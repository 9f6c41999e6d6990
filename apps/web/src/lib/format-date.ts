import { format, parseISO } from 'date-fns';

/** "21 Nov 2026" for "2026-11-21": the dashboard's date chip and search placeholder (spec §9). */
export const shortDate = (date: string) => format(parseISO(date), 'dd MMM yyyy');
