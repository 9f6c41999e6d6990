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
