import { describe, expect, it } from 'vitest';
import { remainingLabel } from './limits.ts';

describe('remaining uses', () => {
  it("counts what is left of the day's limit, in the feature's own words", () => {
    expect(remainingLabel('insights', 2, 2)).toBe('2 of 2 insights left today');
    expect(remainingLabel('insights', 1, 2)).toBe('1 of 2 insights left today');
    expect(remainingLabel('coaching', 1, 1)).toBe('1 of 1 coaching message left today');
    expect(remainingLabel('futureChat', 19, 20)).toBe('19 of 20 future-self messages left today');
  });

  it('says none are left at 0, and never shows more than the limit or less than 0', () => {
    expect(remainingLabel('coaching', 0, 3)).toBe('No coaching messages left today');
    expect(remainingLabel('insights', -1, 2)).toBe('No insights left today');
    expect(remainingLabel('insights', 5, 2)).toBe('2 of 2 insights left today');
  });
});
