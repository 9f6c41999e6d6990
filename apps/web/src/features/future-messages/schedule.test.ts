import { FUTURE_MESSAGE_MESSAGES, zonedInstant } from '@daybook/shared';
import { describe, expect, it, vi } from 'vitest';
import { blankFields, formatSendTime, sendTimeProblem } from './schedule.ts';

describe('zonedInstant', () => {
  it('reads a wall-clock date and time in the given zone', () => {
    expect(zonedInstant('2027-03-01', '09:30', 'Asia/Tokyo').toISOString()).toBe('2027-03-01T00:30:00.000Z');
    expect(zonedInstant('2027-07-01', '09:30', 'America/New_York').toISOString()).toBe(
      '2027-07-01T13:30:00.000Z',
    );
    expect(zonedInstant('2027-01-01', '00:00', 'UTC').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('lands on the right side of a daylight-saving change', () => {
    // London moves to summer time at 01:00 UTC on 28 March 2027.
    expect(zonedInstant('2027-03-28', '00:30', 'Europe/London').toISOString()).toBe(
      '2027-03-28T00:30:00.000Z',
    );
    expect(zonedInstant('2027-03-28', '03:00', 'Europe/London').toISOString()).toBe(
      '2027-03-28T02:00:00.000Z',
    );
    // 01:30 does not exist that night: it moves on by the hour the clocks skip.
    expect(zonedInstant('2027-03-28', '01:30', 'Europe/London').toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });
});

describe('blankFields', () => {
  it('names every blank field, whitespace counting as blank', () => {
    expect(blankFields({ subject: ' ', message: 'Hi', date: '', time: '10:00' })).toEqual([
      'subject',
      'date',
    ]);
    expect(blankFields({ subject: 'a', message: 'b', date: '2027-01-01', time: '10:00' })).toEqual([]);
  });
});

describe('sendTimeProblem', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('wants at least 5 minutes and at most 10 years ahead', () => {
    expect(sendTimeProblem(new Date('2026-11-22T12:04:00Z'), now)).toBe(FUTURE_MESSAGE_MESSAGES.tooSoon);
    expect(sendTimeProblem(new Date('2026-11-22T12:06:00Z'), now)).toBeNull();
    expect(sendTimeProblem(new Date('2036-11-22T12:00:00Z'), now)).toBeNull();
    expect(sendTimeProblem(new Date('2036-11-22T12:01:00Z'), now)).toBe(FUTURE_MESSAGE_MESSAGES.tooLate);
  });
});

describe('formatSendTime', () => {
  it("shows the time in the user zone, as the reader's locale writes it", () => {
    expect(formatSendTime('2027-03-01T00:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 1, 2027, 9:30 AM');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    expect(formatSendTime('2027-03-01T00:30:00.000Z', 'Asia/Tokyo')).toBe('1 Mar 2027, 09:30');
  });
});
