import type { Profile } from '@daybook/shared';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { browserTimeZone, timeZoneOptions } from '../../../lib/time-zone.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { rememberChosenTimezone } from '../timezone.ts';
import { SettingsSection } from './SettingsSection.tsx';

/** The zone is saved as soon as it is picked: one control, no separate button. */
export function TimezoneSection({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const zones = useMemo(() => timeZoneOptions(profile.timezone), [profile.timezone]);
  const detected = browserTimeZone();

  const onChange = (timezone: string) => {
    updateProfile.mutate(
      { timezone },
      {
        onSuccess: () => {
          rememberChosenTimezone(profile.id, timezone);
          toast.success('Time zone updated');
        },
        onError: (error) =>
          toast.error('Failed to update time zone', {
            description: error instanceof ApiRequestError ? error.message : undefined,
          }),
      },
    );
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
          detected && detected !== profile.timezone
            ? `This device is set to ${detected}.`
            : 'Daybook sets this from your device when you sign in; pick another to keep your own.'
        }
      >
        {(control) => (
          <Select
            value={updateProfile.isPending ? (updateProfile.variables.timezone ?? profile.timezone) : profile.timezone}
            onChange={(event) => onChange(event.target.value)}
            disabled={updateProfile.isPending}
            {...control}
          >
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
