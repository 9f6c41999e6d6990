import type { Profile } from '@daybook/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { browserTimeZone, timeZoneOptions } from '../../../lib/time-zone.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { rememberChosenTimezone } from '../timezone.ts';

/** Arrow keys on a closed select change it at every step: save only where the person stops. */
const SAVE_DELAY_MS = 600;

/** The zone is saved once picked: one control, no separate button. */
export function TimezoneSection({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const [selected, setSelected] = useState(profile.timezone);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const zones = useMemo(() => timeZoneOptions(selected), [selected]);
  const detected = browserTimeZone();

  useEffect(() => setSelected(profile.timezone), [profile.timezone]);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const save = (timezone: string) => {
    updateProfile.mutate(
      { timezone },
      {
        onSuccess: () => {
          rememberChosenTimezone(profile.id, timezone);
          toast.success('Time zone updated');
        },
        onError: (error) => {
          setSelected(profile.timezone);
          toast.error('Failed to update time zone', {
            description: error instanceof ApiRequestError ? error.message : undefined,
          });
        },
      },
    );
  };

  const onChange = (timezone: string) => {
    setSelected(timezone);
    clearTimeout(saveTimer.current);
    if (timezone === profile.timezone) return;
    saveTimer.current = setTimeout(() => save(timezone), SAVE_DELAY_MS);
  };

  return (
    <SettingsSection
      id="time-zone"
      title="Time zone"
      description="Daily limits and streaks count days in this time zone."
    >
      <FormField
        label="Time zone"
        hint={
          detected && detected !== selected
            ? `Your browser is set to ${detected}.`
            : 'Daybook sets it from your browser when you sign in, unless you pick one here.'
        }
      >
        {(control) => (
          <Select value={selected} onChange={(event) => onChange(event.target.value)} {...control}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </SettingsSection>
  );
}
