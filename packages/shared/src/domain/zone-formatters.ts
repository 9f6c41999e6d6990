/**
 * Intl.DateTimeFormat objects are costly to build (a tenth of a millisecond each) and the server needs them on
 * every entry save, so one is kept per time zone and kind. The cache is bounded: zone names come from users.
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
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;

const MAX_CACHED = 1000;
const cache = new Map<string, Intl.DateTimeFormat>();

export function zoneFormatter(kind: keyof typeof KINDS, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let formatter = cache.get(key);
  if (!formatter) {
    const [locale, options] = KINDS[kind];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}
