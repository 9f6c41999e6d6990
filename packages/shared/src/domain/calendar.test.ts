import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToMonth,
  calendarKeyTarget,
  calendarYears,
  isCalendarDate,
  monthGrid,
  startOfDayInZone,
  weekEnd,
  weekStart,
} from './calendar.ts';

describe('calendar dates', () => {
  it('recognises real yyyy-MM-dd dates only', () => {
    expect(isCalendarDate('2026-11-21')).toBe(true);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('21/11/2026')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });

  it('adds days across months, years and a daylight-saving change', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('adds months, keeping the day within the month it lands in', () => {
    expect(addMonths('2026-11-21', 1)).toBe('2026-12-21');
    expect(addMonths('2026-12-21', 1)).toBe('2027-01-21');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonthsToMonth('2026-01', -1)).toBe('2025-12');
  });

  it('starts weeks on Monday', () => {
    // 21 November 2026 is a Saturday.
    expect(weekStart('2026-11-21')).toBe('2026-11-16');
    expect(weekEnd('2026-11-21')).toBe('2026-11-22');
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekEnd('2026-12-30')).toBe('2027-01-03');
  });
});

describe('monthGrid', () => {
  it('lays a month out in whole weeks from Monday, marking the neighbouring days as outside', () => {
    const weeks = monthGrid('2026-11');
    // 1 November 2026 is a Sunday: the first row starts on Monday 26 October.
    expect(weeks).toHaveLength(6);
    expect(weeks[0]!.map((day) => day.date)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(weeks[0]!.map((day) => day.isInMonth)).toEqual([false, false, false, false, false, false, true]);
    expect(weeks.at(-1)!.map((day) => day.date)).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    const inMonth = weeks.flat().filter((day) => day.isInMonth);
    expect(inMonth).toHaveLength(30);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('needs only four rows for a February that starts on Monday', () => {
    const weeks = monthGrid('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]![0]).toEqual({ date: '2027-02-01', isInMonth: true });
    expect(weeks[3]![6]).toEqual({ date: '2027-02-28', isInMonth: true });
  });
});

describe('calendarYears', () => {
  it('offers 5 years before to 4 after, 10 in all', () => {
    expect(calendarYears(2026)).toEqual([2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030]);
  });
});

describe('calendarKeyTarget', () => {
  const from = '2026-11-21'; // Saturday
  it.each([
    ['ArrowLeft', false, '2026-11-20'],
    ['ArrowRight', false, '2026-11-22'],
    ['ArrowUp', false, '2026-11-14'],
    ['ArrowDown', false, '2026-11-28'],
    ['PageUp', false, '2026-10-21'],
    ['PageDown', false, '2026-12-21'],
    ['PageUp', true, '2025-11-21'],
    ['PageDown', true, '2027-11-21'],
    ['Home', false, '2026-11-16'],
    ['End', false, '2026-11-22'],
  ])('%s (shift: %s) moves to %s', (key, shiftKey, expected) => {
    expect(calendarKeyTarget(from, { key, shiftKey })).toBe(expected);
  });

  it('crosses month and year ends', () => {
    expect(calendarKeyTarget('2026-12-31', { key: 'ArrowRight' })).toBe('2027-01-01');
    expect(calendarKeyTarget('2026-03-31', { key: 'PageUp' })).toBe('2026-02-28');
    expect(calendarKeyTarget('2026-01-01', { key: 'ArrowUp' })).toBe('2025-12-25');
  });

  it('ignores other keys', () => {
    expect(calendarKeyTarget(from, { key: 'Enter' })).toBeNull();
    expect(calendarKeyTarget(from, { key: 'a' })).toBeNull();
  });
});

describe('startOfDayInZone', () => {
  it('is local midnight', () => {
    expect(startOfDayInZone('2026-11-21', 'UTC').toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(startOfDayInZone('2026-11-21', 'America/New_York').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(startOfDayInZone('2026-11-21', 'Asia/Kolkata').toISOString()).toBe('2026-11-20T18:30:00.000Z');
    expect(startOfDayInZone('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDayInZone('2026-01-01', 'Pacific/Kiritimati').toISOString()).toBe(
      '2025-12-31T10:00:00.000Z',
    );
  });

  it('follows daylight-saving changes', () => {
    // London moves to summer time at 01:00 on 29 March 2026.
    expect(startOfDayInZone('2026-03-29', 'Europe/London').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDayInZone('2026-03-30', 'Europe/London').toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('is the first moment of a day whose midnight is skipped', () => {
    // São Paulo skipped from 00:00 to 01:00 on 4 November 2018; Beirut skips midnight in spring.
    expect(startOfDayInZone('2018-11-04', 'America/Sao_Paulo').toISOString()).toBe(
      '2018-11-04T03:00:00.000Z',
    );
    expect(startOfDayInZone('2026-03-29', 'Asia/Beirut').toISOString()).toBe('2026-03-28T22:00:00.000Z');
  });
});
