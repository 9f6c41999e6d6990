import { describe, expect, it } from 'vitest';
import { dayHeading, groupByDay } from './day-heading.ts';

const today = '2026-11-21'; // a Saturday

describe('dayHeading', () => {
  it('says "Today" for today', () => {
    expect(dayHeading('2026-11-21', today, 'en-US')).toBe('Today');
  });

  it('names the weekday for the six days before today', () => {
    expect(dayHeading('2026-11-20', today, 'en-US')).toBe('Friday');
    expect(dayHeading('2026-11-15', today, 'en-US')).toBe('Sunday');
  });

  it('spells out weekday, month and day from a week ago within this year', () => {
    expect(dayHeading('2026-11-14', today, 'en-US')).toBe('Saturday, November 14');
    expect(dayHeading('2026-01-01', today, 'en-US')).toBe('Thursday, January 1');
  });

  it('adds the year before this year, even within the last week', () => {
    expect(dayHeading('2025-12-31', today, 'en-US')).toBe('Wednesday, December 31, 2025');
    expect(dayHeading('2025-12-31', '2026-01-02', 'en-US')).toBe('Wednesday');
    expect(dayHeading('2025-12-24', '2026-01-02', 'en-US')).toBe('Wednesday, December 24, 2025');
  });

  it('does not call a future day (a clock behind the server) by a weekday', () => {
    expect(dayHeading('2026-11-22', today, 'en-US')).toBe('Sunday, November 22');
  });

  it('counts calendar days across a daylight-saving change', () => {
    expect(dayHeading('2026-03-28', '2026-03-30', 'en-US')).toBe('Saturday');
  });

  it("speaks the reader's locale: an en-GB browser reads its own style, not the US one (ADR 085)", () => {
    expect(dayHeading('2026-11-20', today, 'en-GB')).toBe('Friday');
    expect(dayHeading('2026-11-14', today, 'en-GB')).toBe('Saturday 14 November');
    expect(dayHeading('2021-09-19', today, 'en-GB')).toBe('Sunday, 19 September 2021');
    expect(dayHeading('2021-09-19', today, 'en-US')).toBe('Sunday, September 19, 2021');
    expect(dayHeading('2026-11-21', today, 'en-GB')).toBe('Today');
  });

  it('leaves anything that is not a yyyy-MM-dd date as it is', () => {
    expect(dayHeading('yesterday', today, 'en-US')).toBe('yesterday');
  });
});

describe('groupByDay', () => {
  it('keeps items in order, one group per run of the same day', () => {
    const items = [
      { id: 'a', day: '2026-11-21' },
      { id: 'b', day: '2026-11-21' },
      { id: 'c', day: '2026-11-19' },
    ];
    expect(groupByDay(items, (item) => item.day)).toEqual([
      { key: '2026-11-21', day: '2026-11-21', items: [items[0], items[1]] },
      { key: '2026-11-19', day: '2026-11-19', items: [items[2]] },
    ]);
    expect(groupByDay([], () => '')).toEqual([]);
  });

  it("keys a day's runs by the day and their order, not by their first item", () => {
    const keys = (days: string[]) => groupByDay(days, (day) => day).map((group) => group.key);
    // One more entry at the top of today: today's group keeps its key, so its cards are not remounted.
    expect(keys(['2026-11-21', '2026-11-20'])).toEqual(keys(['2026-11-21', '2026-11-21', '2026-11-20']));
    // A day that comes back further down (entries written on a journey, ADR 066) gets a key of its own.
    expect(keys(['2026-11-21', '2026-11-20', '2026-11-21'])).toEqual([
      '2026-11-21',
      '2026-11-20',
      '2026-11-21 (2)',
    ]);
  });
});
