import { describe, expect, it, vi } from 'vitest';
import { dayHeading, formatDay, formatHour, formatInstant, readerLocale } from './dates.ts';

/** The browser's language for the rest of the test (jsdom's own is en-US; `restoreMocks` puts it back). */
const speak = (language: string) => vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);

// 15:04 on Sunday 19 September 2021, in London (BST, UTC+1).
const SUNDAY_AFTERNOON = '2021-09-19T14:04:00Z';
const LONDON = 'Europe/London';

describe('formatInstant', () => {
  it('writes each style as an en-GB browser does', () => {
    speak('en-GB');
    expect(readerLocale()).toBe('en-GB');
    expect(formatInstant('time', SUNDAY_AFTERNOON, LONDON)).toBe('15:04');
    expect(formatInstant('longDate', SUNDAY_AFTERNOON, LONDON)).toBe('Sunday, 19 September 2021');
    expect(formatInstant('weekdayMonthDay', SUNDAY_AFTERNOON, LONDON)).toBe('Sunday 19 September');
    expect(formatInstant('mediumDate', SUNDAY_AFTERNOON, LONDON)).toBe('19 Sept 2021');
    expect(formatInstant('dateAndTime', SUNDAY_AFTERNOON, LONDON)).toBe('19 Sept 2021, 15:04');
    expect(formatInstant('monthYear', SUNDAY_AFTERNOON, LONDON)).toBe('September 2021');
    expect(formatInstant('weekday', SUNDAY_AFTERNOON, LONDON)).toBe('Sunday');
    expect(formatInstant('shortDay', SUNDAY_AFTERNOON, LONDON)).toBe('Sun 19 Sept');
  });

  it('writes each style as an en-US browser does', () => {
    speak('en-US');
    expect(formatInstant('time', SUNDAY_AFTERNOON, LONDON)).toBe('3:04 PM');
    expect(formatInstant('longDate', SUNDAY_AFTERNOON, LONDON)).toBe('Sunday, September 19, 2021');
    expect(formatInstant('weekdayMonthDay', SUNDAY_AFTERNOON, LONDON)).toBe('Sunday, September 19');
    expect(formatInstant('mediumDate', SUNDAY_AFTERNOON, LONDON)).toBe('Sep 19, 2021');
    expect(formatInstant('dateAndTime', SUNDAY_AFTERNOON, LONDON)).toBe('Sep 19, 2021, 3:04 PM');
    expect(formatInstant('monthYear', SUNDAY_AFTERNOON, LONDON)).toBe('September 2021');
    expect(formatInstant('weekday', SUNDAY_AFTERNOON, LONDON)).toBe('Sunday');
    expect(formatInstant('shortDay', SUNDAY_AFTERNOON, LONDON)).toBe('Sun, Sep 19');
  });

  it('reads the clock of the zone it is given', () => {
    speak('en-GB');
    expect(formatInstant('time', SUNDAY_AFTERNOON, 'UTC')).toBe('14:04');
    expect(formatInstant('dateAndTime', SUNDAY_AFTERNOON, 'Asia/Tokyo')).toBe('19 Sept 2021, 23:04');
    // A zone newer than this browser's data: its own clock rather than a broken page.
    expect(formatInstant('time', SUNDAY_AFTERNOON, 'Mars/Olympus_Mons')).toBe(
      formatInstant('time', SUNDAY_AFTERNOON),
    );
  });

  it('takes a Date or milliseconds as well, and gives back what is not an instant', () => {
    speak('en-GB');
    expect(formatInstant('time', new Date(SUNDAY_AFTERNOON), LONDON)).toBe('15:04');
    expect(formatInstant('time', Date.parse(SUNDAY_AFTERNOON), LONDON)).toBe('15:04');
    expect(formatInstant('time', 'not a time', LONDON)).toBe('not a time');
  });
});

describe('formatDay', () => {
  it('writes a calendar day the same wherever it is read', () => {
    speak('en-GB');
    expect(formatDay('longDate', '2021-09-19')).toBe('Sunday, 19 September 2021');
    expect(formatDay('dayMonth', '2026-03-03')).toBe('3 Mar');
    speak('en-US');
    expect(formatDay('longDate', '2021-09-19')).toBe('Sunday, September 19, 2021');
    expect(formatDay('dayMonth', '2026-03-03')).toBe('Mar 3');
  });

  it('gives back what is not a yyyy-MM-dd date', () => {
    expect(formatDay('mediumDate', '')).toBe('');
    expect(formatDay('mediumDate', '19/09/2021')).toBe('19/09/2021');
  });
});

describe('formatHour', () => {
  it('names an hour of the day on the locale’s clock', () => {
    speak('en-GB');
    expect([formatHour(0), formatHour(7), formatHour(23)]).toEqual(['00:00', '07:00', '23:00']);
    speak('en-US');
    expect([formatHour(0), formatHour(7), formatHour(23)]).toEqual(['12:00 AM', '7:00 AM', '11:00 PM']);
  });
});

describe('dayHeading', () => {
  it('heads a day as the reader writes dates, not in US style for an en-GB browser (ADR 085)', () => {
    speak('en-GB');
    expect(dayHeading('2021-09-19', '2026-11-21')).toBe('Sunday, 19 September 2021');
    expect(dayHeading('2026-11-21', '2026-11-21')).toBe('Today');
    speak('en-US');
    expect(dayHeading('2021-09-19', '2026-11-21')).toBe('Sunday, September 19, 2021');
  });
});
