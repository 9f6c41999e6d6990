import { describe, expect, it } from 'vitest';
import {
  describeWeekdays,
  isReminderStale,
  isReminderTime,
  nextReminder,
  normaliseWeekdays,
  REMINDER_LATE_LIMIT_MS,
  reminderOn,
} from './reminders.ts';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

describe('nextReminder', () => {
  it('is today at the chosen local time when that is still ahead', () => {
    const next = nextReminder(
      { time: '21:00', weekdays: EVERY_DAY },
      'Europe/London',
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(next).toEqual({ at: new Date('2026-11-23T21:00:00Z'), localDate: '2026-11-23' });
  });

  it('is tomorrow once today’s time has passed, and strictly after the given instant', () => {
    const rule = { time: '21:00', weekdays: EVERY_DAY };
    const at = new Date('2026-11-23T21:00:00Z');
    expect(nextReminder(rule, 'Europe/London', at)?.localDate).toBe('2026-11-24');
  });

  it('reads the time in the user’s zone: Tokyo, New York and Kolkata', () => {
    const rule = { time: '08:30', weekdays: EVERY_DAY };
    const after = new Date('2026-11-23T00:00:00Z');
    expect(nextReminder(rule, 'Asia/Tokyo', after)).toEqual({
      at: new Date('2026-11-23T23:30:00Z'),
      localDate: '2026-11-24',
    });
    expect(nextReminder(rule, 'America/New_York', after)).toEqual({
      at: new Date('2026-11-23T13:30:00Z'),
      localDate: '2026-11-23',
    });
    expect(nextReminder(rule, 'Asia/Kolkata', after)).toEqual({
      at: new Date('2026-11-23T03:00:00Z'),
      localDate: '2026-11-23',
    });
  });

  it('skips days that are not chosen (Monday is 0, Sunday 6)', () => {
    // 2026-11-23 is a Monday; only Fridays chosen.
    const next = nextReminder({ time: '09:00', weekdays: [4] }, 'UTC', new Date('2026-11-23T12:00:00Z'));
    expect(next?.localDate).toBe('2026-11-27');
  });

  it('is null with no weekday or a bad time', () => {
    expect(nextReminder({ time: '09:00', weekdays: [] }, 'UTC', new Date())).toBeNull();
    expect(nextReminder({ time: '25:00', weekdays: [1] }, 'UTC', new Date())).toBeNull();
  });

  it('on a spring-forward day fires once, at the first valid time after a skipped one', () => {
    // New York, 8 March 2026: 02:00 EST jumps to 03:00 EDT; 02:30 does not exist that day.
    const rule = { time: '02:30', weekdays: EVERY_DAY };
    const first = nextReminder(rule, 'America/New_York', new Date('2026-03-07T12:00:00Z'))!;
    expect(first).toEqual({ at: new Date('2026-03-08T07:30:00Z'), localDate: '2026-03-08' });
    const second = nextReminder(rule, 'America/New_York', first.at)!;
    expect(second).toEqual({ at: new Date('2026-03-09T06:30:00Z'), localDate: '2026-03-09' });
  });

  it('on a fall-back day fires once although the time happens twice', () => {
    // New York, 1 November 2026: 02:00 EDT falls back to 01:00 EST; 01:30 happens twice.
    const rule = { time: '01:30', weekdays: EVERY_DAY };
    const first = nextReminder(rule, 'America/New_York', new Date('2026-10-31T12:00:00Z'))!;
    expect(first).toEqual({ at: new Date('2026-11-01T05:30:00Z'), localDate: '2026-11-01' });
    const second = nextReminder(rule, 'America/New_York', first.at)!;
    expect(second.localDate).toBe('2026-11-02');
    expect(second.at).toEqual(new Date('2026-11-02T06:30:00Z'));
  });

  it('keeps the local time across a change: 21:00 in London is 21:00 GMT then 21:00 BST', () => {
    const rule = { time: '21:00', weekdays: EVERY_DAY };
    expect(nextReminder(rule, 'Europe/London', new Date('2026-03-28T12:00:00Z'))?.at).toEqual(
      new Date('2026-03-28T21:00:00Z'),
    );
    expect(nextReminder(rule, 'Europe/London', new Date('2026-03-29T12:00:00Z'))?.at).toEqual(
      new Date('2026-03-29T20:00:00Z'),
    );
  });
});

describe('reminder helpers', () => {
  it('reminderOn belongs to the day it was asked for, in zones east and west and through a change', () => {
    expect(reminderOn('2026-03-08', '02:30', 'America/New_York').localDate).toBe('2026-03-08');
    expect(reminderOn('2026-03-29', '01:30', 'Europe/London').at).toEqual(new Date('2026-03-29T01:30:00Z'));
    expect(reminderOn('2026-10-25', '01:30', 'Europe/London').at).toEqual(new Date('2026-10-25T00:30:00Z'));
    expect(reminderOn('2026-11-23', '23:45', 'Pacific/Kiritimati').at).toEqual(
      new Date('2026-11-23T09:45:00Z'),
    );
    expect(reminderOn('2026-11-23', '00:15', 'Pacific/Pago_Pago').at).toEqual(
      new Date('2026-11-23T11:15:00Z'),
    );
  });

  it('accepts HH:MM on a 24-hour clock only', () => {
    expect(isReminderTime('00:00')).toBe(true);
    expect(isReminderTime('23:59')).toBe(true);
    expect(isReminderTime('24:00')).toBe(false);
    expect(isReminderTime('9:00')).toBe(false);
  });

  it('normalises weekdays', () => {
    expect(normaliseWeekdays([6, 0, 6, 9, -1, 2.5])).toEqual([0, 6]);
  });

  it('describes weekdays in a few words', () => {
    expect(describeWeekdays(EVERY_DAY)).toBe('Every day');
    expect(describeWeekdays([0, 1, 2, 3, 4])).toBe('Weekdays');
    expect(describeWeekdays([5, 6])).toBe('Weekends');
    expect(describeWeekdays([0, 2, 4])).toBe('Mon, Wed, Fri');
  });

  it('is stale only past the late limit', () => {
    const due = new Date('2026-11-23T21:00:00Z');
    expect(isReminderStale(due, new Date(due.getTime() + REMINDER_LATE_LIMIT_MS))).toBe(false);
    expect(isReminderStale(due, new Date(due.getTime() + REMINDER_LATE_LIMIT_MS + 1))).toBe(true);
  });
});
