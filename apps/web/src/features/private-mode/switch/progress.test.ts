import { describe, expect, it } from 'vitest';
import {
  describeCount,
  describeProgress,
  describeRemaining,
  estimateRemainingMs,
  percentOf,
} from './progress.ts';

describe("the switch's progress in words", () => {
  it('estimates the time left from the pace so far, once there is one', () => {
    expect(estimateRemainingMs(500, 10, 100)).toBeNull();
    expect(estimateRemainingMs(2_000, 0, 100)).toBeNull();
    expect(estimateRemainingMs(10_000, 100, 1_000)).toBe(90_000);
    expect(estimateRemainingMs(10_000, 1_000, 1_000)).toBe(0);
  });

  it('says it roughly, counts with separators, and never divides by nothing', () => {
    expect(describeRemaining(null)).toBe('Estimating time left…');
    expect(describeRemaining(20_000)).toBe('Less than a minute left');
    expect(describeRemaining(90_000)).toBe('About 2 minutes left');
    expect(describeRemaining(60_000)).toBe('About 1 minute left');
    expect(describeRemaining(2 * 3_600_000)).toBe('About 2 hours left');
    expect(describeCount(120, 10_000)).toBe('120 of 10,000 entries');
    expect(describeCount(1, 1)).toBe('1 of 1 entry');
    expect(describeProgress({ done: 12, total: 300, label: 'entries' })).toBe('12 of 300 entries');
    expect(describeProgress({ done: 290, total: 1_300, label: 'photos and recordings' })).toBe(
      '290 of 1,300, now photos and recordings',
    );
    expect(percentOf(0, 0)).toBe(100);
    expect(percentOf(5, 20)).toBe(25);
  });
});
