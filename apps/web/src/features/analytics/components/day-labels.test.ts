import { describe, expect, it, vi } from 'vitest';
import { hourLabels, longDay, shortDay } from './day-labels.ts';

describe('day labels', () => {
  it('print every day of a leap year as Intl does in the reader’s locale, whatever the runtime’s zone', () => {
    for (const locale of ['en-US', 'en-GB']) {
      vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
      const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
      const long = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
      for (
        let day = new Date(Date.UTC(2028, 0, 1));
        day.getUTCFullYear() === 2028;
        day.setUTCDate(day.getUTCDate() + 1)
      ) {
        const date = day.toISOString().slice(0, 10);
        expect(shortDay(date)).toBe(short.format(day));
        expect(longDay(date)).toBe(long.format(day));
      }
    }
  });

  it('read "3 Mar" and "Tuesday, 3 March 2026" in en-GB, "Mar 3" and "Tuesday, March 3, 2026" in en-US', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    expect([shortDay('2026-03-03'), longDay('2026-03-03')]).toEqual(['3 Mar', 'Tuesday, 3 March 2026']);
    expect(hourLabels().slice(0, 2)).toEqual(['00:00', '01:00']);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
    expect([shortDay('2026-03-03'), longDay('2026-03-03')]).toEqual(['Mar 3', 'Tuesday, March 3, 2026']);
    expect(hourLabels().slice(0, 2)).toEqual(['12:00 AM', '1:00 AM']);
  });
});
