import { describe, expect, it } from 'vitest';
import { localDate } from './entry-text.ts';
import { entryClockTime, entryTimeZone } from './entry-time.ts';
import { isTimeZone } from './zone-formatters.ts';

// 21:30 on 4 July in New York is 03:30 on 5 July in Paris.
const EVENING_IN_NEW_YORK = new Date('2026-07-05T01:30:00Z');

describe('entryClockTime', () => {
  it('shows the writer’s clock, without a zone name when the account’s zone reads the same', () => {
    expect(entryClockTime(EVENING_IN_NEW_YORK, 'America/New_York', 'America/New_York', 'en-US')).toBe(
      '9:30 PM',
    );
    // Another name for the same clock is not another zone.
    expect(entryClockTime(EVENING_IN_NEW_YORK, 'America/New_York', 'US/Eastern', 'en-US')).toBe('9:30 PM');
  });

  it('names the writer’s zone when the account’s zone reads otherwise', () => {
    expect(entryClockTime(EVENING_IN_NEW_YORK, 'America/New_York', 'Europe/Paris', 'en-US')).toBe(
      '9:30 PM EDT',
    );
    expect(entryClockTime(EVENING_IN_NEW_YORK, 'Europe/Paris', 'America/New_York', 'en-US')).toBe(
      '3:30 AM GMT+2',
    );
  });

  it('speaks the reader’s locale', () => {
    expect(entryClockTime(EVENING_IN_NEW_YORK, 'America/New_York', 'America/New_York', 'en-GB')).toBe(
      '21:30',
    );
    expect(entryClockTime(EVENING_IN_NEW_YORK, 'America/New_York', 'Europe/Paris', 'de-DE')).toBe(
      '21:30 GMT-4',
    );
  });
});

describe('the day of an entry', () => {
  it('is its local day in its own zone, not the account’s', () => {
    expect(
      localDate(EVENING_IN_NEW_YORK, entryTimeZone({ timeZone: 'America/New_York' }, 'Europe/Paris')),
    ).toBe('2026-07-04');
    // An entry from before zones were recorded is told in the account's zone.
    expect(localDate(EVENING_IN_NEW_YORK, entryTimeZone({ timeZone: null }, 'Europe/Paris'))).toBe(
      '2026-07-05',
    );
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
