import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { longDay, shortDay } from './day-labels.ts';

describe('day labels', () => {
  it('print a date as date-fns does with "d MMM" and "EEEE d MMMM yyyy", on every day of a leap year', () => {
    for (
      let day = new Date(Date.UTC(2028, 0, 1));
      day.getUTCFullYear() === 2028;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const date = day.toISOString().slice(0, 10);
      expect(shortDay(date)).toBe(format(parseISO(date), 'd MMM'));
      expect(longDay(date)).toBe(format(parseISO(date), 'EEEE d MMMM yyyy'));
    }
    expect(longDay('2026-03-03')).toBe('Tuesday 3 March 2026');
    expect(shortDay('2026-11-30')).toBe('30 Nov');
  });
});
