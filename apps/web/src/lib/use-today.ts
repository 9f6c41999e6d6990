import { addDays, localDate, startOfDayInZone } from '@daybook/shared';
import { useEffect, useState } from 'react';

function safeLocalDate(instant: Date, timeZone: string | undefined): { date: string; zone: string } {
  try {
    return { date: localDate(instant, timeZone ?? 'UTC'), zone: timeZone ?? 'UTC' };
  } catch {
    // Not a zone this browser knows.
    return { date: localDate(instant, 'UTC'), zone: 'UTC' };
  }
}

/** Today (yyyy-MM-dd) in a time zone, moving on by itself at the zone's midnight. */
export function useToday(timeZone: string | undefined): string {
  const [now, setNow] = useState(() => new Date());
  const { date, zone } = safeLocalDate(now, timeZone);

  useEffect(() => {
    const untilTomorrow = startOfDayInZone(addDays(date, 1), zone).getTime() - Date.now();
    const timer = setTimeout(() => setNow(new Date()), Math.max(1_000, untilTomorrow + 1_000));
    return () => clearTimeout(timer);
  }, [date, zone]);

  return date;
}

/** The zone to count days in: the given one when the browser knows it, otherwise UTC. */
export function usableTimeZone(timeZone: string | undefined): string {
  return safeLocalDate(new Date(), timeZone).zone;
}
