import { describe, expect, it } from 'vitest';
import { readingFormatter, zoneFormatter } from './zone-formatters.ts';

const instant = new Date('2026-11-20T23:30:00Z');

describe('readingFormatter', () => {
  it("writes the hour with two digits where the reader's locale keeps a 24-hour clock", () => {
    const tenPastMidnightInParis = new Date('2026-11-28T23:10:00Z');
    expect(readingFormatter('time', 'en-GB', 'Europe/Paris').format(tenPastMidnightInParis)).toBe('00:10');
    expect(readingFormatter('time', 'en-US', 'Europe/Paris').format(tenPastMidnightInParis)).toBe('12:10 AM');
  });

  it('formats in the zone it is asked for', () => {
    expect(readingFormatter('time', 'en-US', 'UTC').format(instant)).toBe('11:30 PM');
    expect(readingFormatter('time', 'en-US', 'Asia/Tokyo').format(instant)).toBe('8:30 AM');
    expect(readingFormatter('longDate', 'en-US', 'Asia/Tokyo').format(instant)).toBe(
      'Saturday, November 21, 2026',
    );
  });

  it("orders and words each style as the reader's locale does", () => {
    const sunday = new Date('2021-09-19T15:04:00Z');
    const inBoth = (style: Parameters<typeof readingFormatter>[0]) => [
      readingFormatter(style, 'en-GB', 'UTC').format(sunday),
      readingFormatter(style, 'en-US', 'UTC').format(sunday),
    ];
    expect(inBoth('time')).toEqual(['15:04', '3:04 PM']);
    expect(inBoth('longDate')).toEqual(['Sunday, 19 September 2021', 'Sunday, September 19, 2021']);
    expect(inBoth('weekdayMonthDay')).toEqual(['Sunday 19 September', 'Sunday, September 19']);
    expect(inBoth('weekday')).toEqual(['Sunday', 'Sunday']);
    expect(inBoth('mediumDate')).toEqual(['19 Sept 2021', 'Sep 19, 2021']);
    expect(inBoth('dateAndTime')).toEqual(['19 Sept 2021, 15:04', 'Sep 19, 2021, 3:04 PM']);
    expect(inBoth('monthYear')).toEqual(['September 2021', 'September 2021']);
    expect(inBoth('dayMonth')).toEqual(['19 Sept', 'Sep 19']);
    expect(inBoth('shortDay')).toEqual(['Sun 19 Sept', 'Sun, Sep 19']);
    expect(inBoth('shortDayYear')).toEqual(['Sun, 19 Sept 2021', 'Sun, Sep 19, 2021']);
    expect(inBoth('shortWeekday')).toEqual(['Sun', 'Sun']);
    expect(inBoth('month')).toEqual(['September', 'September']);
  });

  it('builds one formatter per style, zone and locale, and uses the runtime zone when given none', () => {
    expect(readingFormatter('weekday', 'en-GB', 'UTC')).toBe(readingFormatter('weekday', 'en-GB', 'UTC'));
    expect(readingFormatter('weekday', 'en-GB', 'UTC')).not.toBe(readingFormatter('weekday', 'en-US', 'UTC'));
    expect(readingFormatter('weekday', 'en-GB', 'UTC')).not.toBe(
      readingFormatter('weekday', 'en-GB', 'Asia/Tokyo'),
    );
    expect(readingFormatter('weekday', 'en-GB', undefined).resolvedOptions().timeZone).toBe(
      new Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it("falls back to the runtime's locale for a malformed tag rather than failing the page", () => {
    expect(readingFormatter('time', 'not a locale!', 'UTC').resolvedOptions().locale).toBe(
      new Intl.DateTimeFormat().resolvedOptions().locale,
    );
  });

  it('throws for a zone the runtime does not know, and caches nothing for it', () => {
    expect(() => readingFormatter('time', 'en-GB', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => readingFormatter('time', 'en-GB', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('zoneFormatter', () => {
  it('gives parts in a fixed locale, whatever the reader speaks', () => {
    const parts = zoneFormatter('date', 'Asia/Tokyo').formatToParts(instant);
    expect(parts.filter((part) => part.type !== 'literal').map((part) => part.value)).toEqual([
      '2026',
      '11',
      '21',
    ]);
    expect(zoneFormatter('dateTime', 'UTC').format(instant)).toBe('11/20/2026, 23:30:00');
  });

  it('builds one formatter per kind and zone', () => {
    expect(zoneFormatter('date', 'UTC')).toBe(zoneFormatter('date', 'UTC'));
    expect(zoneFormatter('date', 'UTC')).not.toBe(zoneFormatter('date', 'Asia/Tokyo'));
  });

  it('throws for a zone the runtime does not know', () => {
    expect(() => zoneFormatter('date', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
