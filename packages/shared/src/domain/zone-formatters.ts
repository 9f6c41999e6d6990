/**
 * Intl.DateTimeFormat objects are costly to build (a tenth of a millisecond each, and the first one in a page
 * loads the locale's data) and the server needs them on every entry save, the browser for every entry card. So
 * one is kept per time zone, kind and locale, built when first asked for. The cache is bounded: zone names come
 * from users.
 */

/**
 * Parts that code reads (`formatToParts`), never people: their locale is fixed, so that a reader's locale can
 * never change a computed date.
 */
const PART_KINDS = {
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
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

/**
 * What people read (ADR 085): each style names the fields, and the reader's locale decides their order, words
 * and clock. Examples are en-GB / en-US.
 */
const READING_STYLES = {
  /** "15:04" / "3:04 PM". */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "15:04 GMT-4" / "3:04 PM EDT": the zone's short name as the locale spells it ("GMT-4" where it has none). */
  timeWithZone: { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  /** "Sunday". */
  weekday: { weekday: 'long' },
  /** "Sunday 19 September" / "Sunday, September 19". */
  weekdayMonthDay: { weekday: 'long', month: 'long', day: 'numeric' },
  /** "Sunday, 19 September 2021" / "Sunday, September 19, 2021". */
  longDate: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** "19 Sept 2021" / "Sep 19, 2021". */
  mediumDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "19 Sept 2021, 15:04" / "Sep 19, 2021, 3:04 PM". */
  dateAndTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "September 2021". */
  monthYear: { month: 'long', year: 'numeric' },
  /** "September". */
  month: { month: 'long' },
  /** "19 Sept" / "Sep 19". */
  dayMonth: { day: 'numeric', month: 'short' },
  /** "Sun 19 Sept" / "Sun, Sep 19": a day in a row of days. */
  shortDay: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "Sun, 19 Sept 2021" / "Sun, Sep 19, 2021": a day in a list of days across years. */
  shortDayYear: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** "Sun": a calendar column. */
  shortWeekday: { weekday: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type ReadingStyle = keyof typeof READING_STYLES;

const MAX_CACHED = 1000;
const cache = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = build();
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

/**
 * The formatter of parts of a kind in a time zone (undefined: the runtime's own); an unknown zone throws a
 * RangeError.
 */
export function zoneFormatter(
  kind: keyof typeof PART_KINDS,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  return cached(`${kind} ${timeZone ?? ''}`, () => {
    const [locale, options] = PART_KINDS[kind];
    return new Intl.DateTimeFormat(locale, { ...options, timeZone });
  });
}

/** A locale tag Intl accepts, or undefined (the runtime's own) for a missing or malformed one. */
function usableLocale(locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    Intl.getCanonicalLocales(locale);
    return locale;
  } catch {
    return undefined;
  }
}

/**
 * The formatter of a reading style in a reader's locale (a browser's `navigator.language`; undefined or a malformed
 * tag: the runtime's own) and a time zone (undefined: the runtime's own). An unknown zone throws a RangeError.
 */
export function readingFormatter(
  style: ReadingStyle,
  locale: string | undefined,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  return cached(`${style} ${timeZone ?? ''} ${locale ?? ''}`, () => {
    const options: Intl.DateTimeFormatOptions = READING_STYLES[style];
    const tag = usableLocale(locale);
    const formatter = new Intl.DateTimeFormat(tag, { ...options, timeZone });
    // A 24-hour locale writes ten past midnight "00:10" (en-GB), where a numeric hour gives "0:10".
    const { hourCycle } = formatter.resolvedOptions();
    if ('hour' in options && (hourCycle === 'h23' || hourCycle === 'h24'))
      return new Intl.DateTimeFormat(tag, { ...options, hour: '2-digit', timeZone });
    return formatter;
  });
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
