import { formatDay } from '../../lib/dates.ts';

/** "Sun 22 Nov" / "Sun, Nov 22" for "2026-11-22": a day of the streak row. */
export const rowDayLabel = (date: string) => formatDay('shortDay', date);

/** "Sat 22 Nov 2025" / "Sat, Nov 22, 2025" for "2025-11-22": an earlier entry's day. */
export const memoryDayLabel = (date: string) => formatDay('shortDayYear', date);

/** "1 day" / "12 days". */
export const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** "62.5%": the insights overview's percentages, to 1 decimal (docs/product/dashboard.md#dashboard-moods). */
export const percent = (value: number) => `${value.toFixed(1)}%`;

/**
 * How long ago an earlier entry was written, from its day and today's: "1 year ago", "3 years ago" for the same
 * day in earlier years, "1 month ago" for a month back.
 */
export function memoryAge(entryDate: string, today: string): string {
  const [entryYear, entryMonth] = entryDate.split('-').map(Number) as [number, number];
  const [year, month] = today.split('-').map(Number) as [number, number];
  const months = (year - entryYear) * 12 + (month - entryMonth);
  if (months >= 12) {
    const years = Math.round(months / 12);
    return years === 1 ? '1 year ago' : `${years} years ago`;
  }
  return months === 1 ? '1 month ago' : `${Math.max(0, months)} months ago`;
}
