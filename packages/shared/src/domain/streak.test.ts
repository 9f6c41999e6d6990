import { describe, expect, it } from 'vitest';
import { STREAK_MESSAGES } from '../constants.ts';
import { addDays } from './calendar.ts';
import { localDate } from './entry-text.ts';
import {
  computeStreak,
  dayName,
  streakMessage,
  streakMilestone,
  streakRuns,
  summarizeStreak,
} from './streak.ts';

/** `count` consecutive days ending on `last`. */
const daysEnding = (last: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(last, -i));

describe('streak runs', () => {
  it('groups consecutive days, newest run first, ignoring order and duplicates', () => {
    expect(
      streakRuns(['2026-11-20', '2026-11-18', '2026-11-19', '2026-11-19', '2026-11-15'], '2026-11-22'),
    ).toEqual([
      { first: '2026-11-18', last: '2026-11-20', length: 3 },
      { first: '2026-11-15', last: '2026-11-15', length: 1 },
    ]);
  });

  it('runs across month and year ends and 29 February', () => {
    expect(
      streakRuns(['2023-12-31', '2024-01-01', '2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01'),
    ).toEqual([
      { first: '2024-02-28', last: '2024-03-01', length: 3 },
      { first: '2023-12-31', last: '2024-01-01', length: 2 },
    ]);
  });

  it('leaves out days after today', () => {
    expect(streakRuns(['2026-11-22', '2026-11-23'], '2026-11-22')).toEqual([
      { first: '2026-11-22', last: '2026-11-22', length: 1 },
    ]);
  });
});

describe('computeStreak', () => {
  const today = '2026-11-22'; // a Sunday

  it('is all zero with no entries', () => {
    const streak = computeStreak([], today);
    expect(streak).toMatchObject({
      currentStreak: 0,
      lastStreak: 0,
      bestStreak: 0,
      thisWeek: 0,
      goal: 7,
      milestone: null,
      message: 'Start your streak today!',
    });
    expect(streak.weekDays.every((d) => !d.hasEntry)).toBe(true);
  });

  it('counts back from today', () => {
    const streak = computeStreak(daysEnding(today, 3), today);
    expect(streak.currentStreak).toBe(3);
    expect(streak.message).toBe("You're building momentum!");
  });

  it('counts back from yesterday while today has no entry yet', () => {
    const streak = computeStreak(daysEnding('2026-11-21', 4), today);
    expect(streak.currentStreak).toBe(4);
    expect(streak.lastStreak).toBe(0);
    expect(streak.weekDays.at(-1)).toEqual({
      date: today,
      dayName: 'Sun',
      hasEntry: false,
      isUpcoming: false,
    });
  });

  it('breaks after a missed day; the broken run becomes the last streak', () => {
    const streak = computeStreak(daysEnding('2026-11-20', 5), today);
    expect(streak.currentStreak).toBe(0);
    expect(streak.lastStreak).toBe(5);
    expect(streak.bestStreak).toBe(5);
    expect(streak.message).toBe('Your last streak was 5 days. Start a new one!');
  });

  it('keeps the previous run as the last streak once a new one starts', () => {
    const dates = [today, ...daysEnding('2026-11-19', 9), ...daysEnding('2026-10-01', 12)];
    const streak = computeStreak(dates, today);
    expect(streak.currentStreak).toBe(1);
    expect(streak.lastStreak).toBe(9);
    expect(streak.bestStreak).toBe(12);
    expect(streak.message).toBe('Your last streak was 9 days. Start a new one!');
  });

  it('says "Great start" for a first day when the last run was a single day', () => {
    const streak = computeStreak([today, '2026-11-10'], today);
    expect(streak.lastStreak).toBe(1);
    expect(streak.message).toBe('Great start! Keep it up!');
  });

  it('counts the best streak including the current one', () => {
    expect(computeStreak([...daysEnding(today, 8), ...daysEnding('2026-10-01', 3)], today).bestStreak).toBe(
      8,
    );
  });

  it('lays the row out over this week, Monday first like the calendar, and counts its filled dots', () => {
    // Sat 14, Mon 16, Wed 18, Sun 22.
    const streak = computeStreak(['2026-11-14', '2026-11-16', '2026-11-18', today], today);
    expect(streak.thisWeek).toBe(3);
    expect(streak.weekDays.map((d) => [d.date, d.dayName, d.hasEntry, d.isUpcoming])).toEqual([
      ['2026-11-16', 'Mon', true, false],
      ['2026-11-17', 'Tue', false, false],
      ['2026-11-18', 'Wed', true, false],
      ['2026-11-19', 'Thu', false, false],
      ['2026-11-20', 'Fri', false, false],
      ['2026-11-21', 'Sat', false, false],
      ['2026-11-22', 'Sun', true, false],
    ]);
    // On a Monday the row is the new week: today, then six days to come; last week's entries are not dots.
    const monday = computeStreak(['2026-11-22', '2026-11-23'], '2026-11-23');
    expect(monday.thisWeek).toBe(1);
    expect(monday.weekDays.map((d) => [d.date, d.hasEntry, d.isUpcoming])).toEqual([
      ['2026-11-23', true, false],
      ['2026-11-24', false, true],
      ['2026-11-25', false, true],
      ['2026-11-26', false, true],
      ['2026-11-27', false, true],
      ['2026-11-28', false, true],
      ['2026-11-29', false, true],
    ]);
  });

  it('never counts other days than its dots: seven days written, Sunday to Saturday, seen on the Saturday', () => {
    // The walk's "6/7 days" above seven filled dots: a rolling row from Sunday counted other days than the week.
    const saturday = '2026-11-28';
    const streak = computeStreak(daysEnding('2026-11-27', 6).concat(saturday), saturday);
    expect(streak.weekDays[0]).toMatchObject({ date: '2026-11-23', dayName: 'Mon' });
    expect(streak.weekDays.filter((d) => d.hasEntry)).toHaveLength(streak.thisWeek);
    expect(streak.thisWeek).toBe(6);
    expect(streak.currentStreak).toBe(7);
  });

  it('gives milestone badges at 7, 14, 30 and 100 days', () => {
    expect(computeStreak(daysEnding(today, 6), today).milestone).toBeNull();
    expect(computeStreak(daysEnding(today, 7), today).milestone).toBe(7);
    expect(computeStreak(daysEnding(today, 29), today).milestone).toBe(14);
    expect(computeStreak(daysEnding(today, 30), today).milestone).toBe(30);
    expect(computeStreak(daysEnding(today, 365), today)).toMatchObject({
      currentStreak: 365,
      milestone: 100,
      message: 'Legendary streak!',
    });
  });

  it('counts days across daylight-saving changes as whole days', () => {
    // New York springs forward on 8 March 2026 and falls back on 1 November 2026; London on 29 March.
    expect(computeStreak(daysEnding('2026-03-09', 5), '2026-03-09').currentStreak).toBe(5);
    expect(computeStreak(daysEnding('2026-11-02', 5), '2026-11-02').currentStreak).toBe(5);
    expect(computeStreak(daysEnding('2026-03-30', 3), '2026-03-30').currentStreak).toBe(3);
  });

  it("follows the user's zone for today: 23:30 UTC is already tomorrow in Tokyo and still today in New York", () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    const dates = ['2026-11-20', '2026-11-21'];
    const tokyo = computeStreak(dates, localDate(instant, 'Asia/Tokyo'));
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2026-11-22');
    // In Tokyo it is the 22nd with no entry yet: the run ending yesterday still counts.
    expect(tokyo.currentStreak).toBe(2);
    expect(tokyo.weekDays.find((d) => d.date === '2026-11-22')).toMatchObject({ hasEntry: false });
    const newYork = computeStreak(dates, localDate(instant, 'America/New_York'));
    expect(newYork.weekDays.find((d) => d.date === '2026-11-21')).toMatchObject({ hasEntry: true });
    // Pacific/Kiritimati (UTC+14) is a day ahead of Pacific/Pago_Pago (UTC−11): the same entries, two answers.
    const noon = new Date('2026-11-23T00:30:00Z');
    expect(computeStreak(dates, localDate(noon, 'Pacific/Kiritimati')).currentStreak).toBe(0);
    expect(computeStreak(dates, localDate(noon, 'Pacific/Pago_Pago')).currentStreak).toBe(2);
  });
});

describe('summarizeStreak from runs', () => {
  it('takes the best streak from the whole history when only recent runs are given', () => {
    const streak = summarizeStreak(
      [{ first: '2026-11-20', last: '2026-11-22', length: 3 }],
      '2026-11-22',
      40,
    );
    expect(streak).toMatchObject({ currentStreak: 3, lastStreak: 0, bestStreak: 40, milestone: null });
  });
});

describe('streak messages and milestones', () => {
  it('follows the spec by current streak length', () => {
    const cases: [number, string][] = [
      [0, 'Start your streak today!'],
      [1, 'Great start! Keep it up!'],
      [2, "You're building momentum!"],
      [6, "You're building momentum!"],
      [7, 'One week strong!'],
      [13, 'One week strong!'],
      [14, "You're on fire!"],
      [29, "You're on fire!"],
      [30, 'Almost a new record!'],
      [99, 'Almost a new record!'],
      [100, 'Legendary streak!'],
      [1000, 'Legendary streak!'],
    ];
    for (const [days, message] of cases) expect(streakMessage(days, 0)).toBe(message);
  });

  it('names the last streak while the current one is 1 or less and the last exceeded 1', () => {
    expect(streakMessage(0, 2)).toBe('Your last streak was 2 days. Start a new one!');
    expect(streakMessage(1, 30)).toBe('Your last streak was 30 days. Start a new one!');
    expect(streakMessage(2, 30)).toBe("You're building momentum!");
    expect(streakMessage(0, 1)).toBe('Start your streak today!');
  });

  it('has the headline and goal text', () => {
    expect(STREAK_MESSAGES.headline(1)).toBe('1-day streak');
    expect(STREAK_MESSAGES.goalText(3, 7)).toBe('3/7 days');
  });

  it('gives the highest milestone reached', () => {
    expect([0, 6, 7, 13, 14, 29, 30, 99, 100, 500].map(streakMilestone)).toEqual([
      null,
      null,
      7,
      7,
      14,
      14,
      30,
      30,
      100,
      100,
    ]);
  });

  it('names weekdays from Monday', () => {
    expect(['2026-11-16', '2026-11-22'].map(dayName)).toEqual(['Mon', 'Sun']);
  });
});
