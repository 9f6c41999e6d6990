import { AUTH_MESSAGES, ChangePasswordInput } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, Input } from '../../../components/ui/input.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';

const FIELD_NAMES: readonly (keyof ChangePasswordInput)[] = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
];

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const signOutOthersId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(ChangePasswordInput),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', signOutOtherSessions: true },
  });
  const newPassword = watch('newPassword');
  const confirmPassword = watch('confirmPassword');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changePassword.mutateAsync(values);
      reset();
      toast.success(answer.message ?? AUTH_MESSAGES.passwordChanged);
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        toast.error('Failed to change password');
        return;
      }
      if (error.code === 'CURRENT_PASSWORD_INCORRECT') {
        setError('currentPassword', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      if (!showServerFieldErrors(error, FIELD_NAMES, setError)) {
        toast.error('Failed to change password', { description: error.message });
      }
    }
  });

  return (
    <SettingsSection
      id="password"
      title="Change password"
      description="Choose whether your other sessions end with the change; we e-mail you either way."
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Current password" error={errors.currentPassword?.message}>
          {(control) => (
            <Input {...currentPasswordInputProps} {...control} {...register('currentPassword')} />
          )}
        </FormField>
        <NewPasswordFields
          passwordLabel="New password"
          confirmLabel="Confirm new password"
          password={newPassword}
          confirmPassword={confirmPassword}
          passwordField={register('newPassword')}
          confirmField={register('confirmPassword')}
          passwordError={errors.newPassword?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <div className="flex items-center gap-2">
          <Checkbox id={signOutOthersId} {...register('signOutOtherSessions')} />
          <label htmlFor={signOutOthersId} className="text-sm">
            Sign out of my other sessions (every other browser and device)
          </label>
        </div>
        <Button type="submit" disabled={isSubmitting} className="self-start">
          <KeyRound aria-hidden="true" />
          Change password
        </Button>
      </form>
    </SettingsSection>
  );
}
