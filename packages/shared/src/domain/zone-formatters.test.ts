import { describe, expect, it } from 'vitest';
import { zoneFormatter } from './zone-formatters.ts';

describe('zoneFormatter', () => {
  it("writes the hour with two digits where the reader's locale keeps a 24-hour clock", () => {
    const tenPastMidnightInParis = new Date('2026-11-28T23:10:00Z');
    expect(zoneFormatter('time', 'Europe/Paris', 'en-GB').format(tenPastMidnightInParis)).toBe('00:10');
    expect(zoneFormatter('time', 'Europe/Paris', 'en-US').format(tenPastMidnightInParis)).toBe('12:10 AM');
  });

  const instant = new Date('2026-11-20T23:30:00Z');

  it('formats in the zone it is asked for', () => {
    expect(zoneFormatter('time', 'UTC').format(instant)).toBe('11:30 PM');
    expect(zoneFormatter('time', 'Asia/Tokyo').format(instant)).toBe('8:30 AM');
    expect(zoneFormatter('longDate', 'Asia/Tokyo').format(instant)).toBe('Saturday, November 21, 2026');
    expect(zoneFormatter('weekdayMonthDay', 'UTC').format(instant)).toBe('Friday, November 20');
  });

  it('builds one formatter per kind and zone, and uses the runtime zone when given none', () => {
    expect(zoneFormatter('weekday', 'UTC')).toBe(zoneFormatter('weekday', 'UTC'));
    expect(zoneFormatter('weekday', 'UTC')).not.toBe(zoneFormatter('weekday', 'Asia/Tokyo'));
    expect(zoneFormatter('weekday', undefined).resolvedOptions().timeZone).toBe(
      new Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('throws for a zone the runtime does not know, and caches nothing for it', () => {
    expect(() => zoneFormatter('time', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zoneFormatter('time', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
