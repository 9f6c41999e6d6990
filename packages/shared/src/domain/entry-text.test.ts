import { describe, expect, it } from 'vitest';
import { localDate, sanitizeEntryText, wordCount } from './entry-text.ts';

describe('entry text', () => {
  it('strips control characters, keeps newlines and caps at 5,000', () => {
    expect(sanitizeEntryText('a\u0000b\r\nc\td\u0007')).toBe('ab\nc\td');
    expect(sanitizeEntryText('x'.repeat(6000))).toHaveLength(5000);
  });
  it('counts words', () => {
    expect(wordCount('  one two\nthree  ')).toBe(3);
    expect(wordCount('   ')).toBe(0);
  });
  it('gives the local date in a time zone', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-11-21');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2026-11-22');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-11-21');
  });
});

describe('localDate across a local midnight', () => {
  it('changes date exactly at midnight in zones with half- and quarter-hour offsets, asked minute by minute', () => {
    for (const [zone, midnightUtc] of [
      ['Asia/Kolkata', '2026-11-21T18:30:00Z'],
      ['Asia/Kathmandu', '2026-11-21T18:15:00Z'],
      ['America/St_Johns', '2026-11-22T03:30:00Z'],
    ] as const) {
      const midnight = new Date(midnightUtc).getTime();
      expect(localDate(new Date(midnight - 1), zone)).toBe('2026-11-21');
      expect(localDate(new Date(midnight - 30_000), zone)).toBe('2026-11-21');
      expect(localDate(new Date(midnight), zone)).toBe('2026-11-22');
      expect(localDate(new Date(midnight + 59_999), zone)).toBe('2026-11-22');
      expect(localDate(new Date(midnight - 1), zone)).toBe('2026-11-21');
    }
  });
});
