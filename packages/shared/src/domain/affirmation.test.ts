import { describe, expect, it } from 'vitest';
import { AFFIRMATIONS } from '../constants.ts';
import { affirmationIndexForDay, dayOfYear, shuffledAffirmationIndex } from './affirmation.ts';

describe('daily affirmation', () => {
  it('has 10 distinct messages', () => {
    expect(new Set(AFFIRMATIONS).size).toBe(10);
  });

  it('counts the day of year, leap years included', () => {
    expect(dayOfYear('2026-01-01')).toBe(1);
    expect(dayOfYear('2026-12-31')).toBe(365);
    expect(dayOfYear('2024-12-31')).toBe(366);
    expect(dayOfYear('2026-03-29')).toBe(88); // a daylight-saving day in Europe changes nothing
  });

  it('chooses by day of year, in turn', () => {
    expect(affirmationIndexForDay('2026-01-01')).toBe(0);
    expect(affirmationIndexForDay('2026-01-02')).toBe(1);
    expect(affirmationIndexForDay('2026-01-10')).toBe(9);
    expect(affirmationIndexForDay('2026-01-11')).toBe(0);
    expect(affirmationIndexForDay('2026-12-31')).toBe(4);
  });

  it('shuffles to a different message, any of the other nine', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 9; i += 1) seen.add(shuffledAffirmationIndex(3, () => i / 9));
    seen.add(shuffledAffirmationIndex(3, () => 0.999999));
    expect(seen.has(3)).toBe(false);
    expect(seen.size).toBe(9);
  });
});
