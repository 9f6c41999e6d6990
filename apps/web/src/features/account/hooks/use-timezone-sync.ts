import type { SessionUser } from '@daybook/shared';
import { useEffect } from 'react';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { hasChosenTimezone, isTimezoneSynced, markTimezoneSynced } from '../timezone.ts';

/**
 * docs/product/accounts.md#accounts-profile: the app "writes the detected browser timezone when it is missing or different", so that
 * daily limits follow the person. Done once per browser session, quietly (no toast either way),
 * and never over a zone the person picked by hand on this device.
 */
export function useTimezoneSync(user: Pick<SessionUser, 'id' | 'timezone'>): void {
  const { mutate } = useUpdateProfile();

  useEffect(() => {
    const detected = browserTimeZone();
    if (!detected || detected === user.timezone) return;
    if (isTimezoneSynced(user.id) || hasChosenTimezone(user.id)) return;
    markTimezoneSynced(user.id);
    mutate({ timezone: detected });
  }, [user.id, user.timezone, mutate]);
}
