import { describe, expect, it } from 'vitest';
import { daysRemaining, daysRemainingLabel, formatDeletionDate } from './deletion.ts';

describe('deletion status', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('rounds remaining days up', () => {
    expect(daysRemaining(new Date('2026-12-21T12:00:00Z'), now)).toBe(30);
    expect(daysRemaining(new Date('2026-11-21T12:00:01Z'), now)).toBe(1);
    expect(daysRemaining(new Date('2026-11-22T13:00:00Z'), now)).toBe(2);
    expect(daysRemaining(new Date('2026-11-20T00:00:00Z'), now)).toBe(0);
  });
  it('formats the date and the label like the banner', () => {
    expect(formatDeletionDate(new Date('2026-12-21T12:00:00Z'))).toBe('Dec 21, 2026');
    expect(daysRemainingLabel(1)).toBe('1 day remaining');
    expect(daysRemainingLabel(30)).toBe('30 days remaining');
  });
});
