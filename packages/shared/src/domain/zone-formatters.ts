/**
 * Intl.DateTimeFormat objects are costly to build (a tenth of a millisecond each, and the first one in a page
 * loads the locale's data) and the server needs them on every entry save, the browser for every entry card. So
 * one is kept per time zone and kind, built when first asked for. The cache is bounded: zone names come from
 * users.
 */
const KINDS = {
  /** yyyy-MM-dd parts. */
  date: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
  /** Every field down to the second, on a 24-hour clock. */
  dateTime: [
    'en-US',
    {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
  ],
  /** "3:04 PM". */
  time: ['en-US', { hour: 'numeric', minute: '2-digit' }],
  /** "3:04 PM EDT" (the zone's short name as the locale spells it; "GMT-4" where it has none). */
  timeWithZone: ['en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }],
  /** "Friday". */
  weekday: ['en-US', { weekday: 'long' }],
  /** "Friday, November 20". */
  weekdayMonthDay: ['en-US', { weekday: 'long', month: 'long', day: 'numeric' }],
  /** "Friday, November 20, 2026". */
  longDate: ['en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const MAX_CACHED = 1000;
const cache = new Map<string, Intl.DateTimeFormat>();

/**
 * The formatter of a kind in a time zone (undefined: the runtime's own), in `locale` (a browser's, for what a
 * person reads) or else the kind's own; an unknown zone throws a RangeError.
 */
export function zoneFormatter(
  kind: keyof typeof KINDS,
  timeZone: string | undefined,
  locale?: string,
): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone ?? ''} ${locale ?? ''}`;
  let formatter = cache.get(key);
  if (!formatter) {
    const [kindLocale, options] = KINDS[kind];
    const tag = locale ?? kindLocale;
    formatter = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    // A 24-hour locale writes ten past midnight "00:10" (en-GB), where a numeric hour gives "0:10".
    const { hourCycle } = formatter.resolvedOptions();
    if ('hour' in options && !('hourCycle' in options) && (hourCycle === 'h23' || hourCycle === 'h24'))
      formatter = new Intl.DateTimeFormat(tag, { ...options, hour: '2-digit', timeZone });
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

/** Whether the runtime knows this IANA zone name ("America/New_York", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
