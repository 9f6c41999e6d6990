import { FULL_NAME_MAX_LENGTH, FullName, type Profile } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

const ProfileDetailsValues = z.object({ fullName: FullName });
type ProfileDetailsValues = z.input<typeof ProfileDetailsValues>;

export function ProfileDetailsForm({ profile }: { profile: Profile }) {
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileDetailsValues>({
    resolver: zodResolver(ProfileDetailsValues),
    values: { fullName: profile.fullName },
  });

  const onSubmit = handleSubmit(async ({ fullName }) => {
    try {
      const saved = await updateProfile.mutateAsync({ fullName });
      reset({ fullName: saved.fullName });
      toast.success('Profile updated');
    } catch (error) {
      const message =
        error instanceof ApiRequestError ? (error.fields?.fullName ?? error.message) : String(error);
      setError('fullName', { type: 'server', message }, { shouldFocus: true });
    }
  });

  return (
    <SettingsSection id="profile" title="Profile" description="Your name as Daybook shows it to you.">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <FormField label="Full name" error={errors.fullName?.message} className="flex-1">
          {(control) => (
            <Input
              autoComplete="name"
              maxLength={FULL_NAME_MAX_LENGTH}
              {...control}
              {...register('fullName')}
            />
          )}
        </FormField>
        <Button type="submit" disabled={isSubmitting || !isDirty} className="sm:mt-7">
          <Save aria-hidden="true" />
          Save
        </Button>
      </form>
    </SettingsSection>
  );
}
