/**
 * How long the browser's zone is trusted once read. Reading it makes a date formatter, which the dashboard's
 * renders did dozens of times (67 ms of its first load's main thread under a 4× slower CPU); a traveller's new zone
 * is still seen within a minute.
 */
const ZONE_READ_MS = 60_000;
let lastRead: { zone: string | undefined; at: number } | null = null;

/** The browser's IANA time zone, e.g. "Europe/London"; undefined where the browser does not say. */
export function browserTimeZone(): string | undefined {
  const now = Date.now();
  if (lastRead && now - lastRead.at >= 0 && now - lastRead.at < ZONE_READ_MS) return lastRead.zone;
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    zone = undefined;
  }
  lastRead = { zone, at: now };
  return zone;
}

/** Reads the zone afresh next time (each test starts as a new page would). */
export function forgetBrowserTimeZone(): void {
  lastRead = null;
}

/** Every zone the browser knows, with `current` included even if the list lacks it (e.g. "UTC"). */
export function timeZoneOptions(current: string | undefined): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  if (current && !zones.includes(current)) zones = [current, ...zones];
  return zones;
}
