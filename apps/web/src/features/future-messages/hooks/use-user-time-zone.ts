import { useSession } from '../../../lib/session/get-session.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { usableTimeZone } from '../../../lib/use-today.ts';

/** The zone send times are chosen and shown in: the profile's, else the browser's, else UTC. */
export function useUserTimeZone(preferred?: string | undefined): string {
  const { user } = useSession();
  return usableTimeZone(preferred ?? user?.timezone ?? browserTimeZone());
}
