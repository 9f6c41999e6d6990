import { AUTH_MESSAGES, ChangeEmailInput, type Profile } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { AtSign } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, emailInputProps, Input } from '../../../components/ui/input.tsx';
import { SettingsSection } from '../../../components/ui/settings-section.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useChangeEmail } from '../api/change-email.ts';

/** The change is made when the link sent to the new address is followed. */
export function ChangeEmailForm({ profile }: { profile: Profile }) {
  const changeEmail = useChangeEmail();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangeEmailInput>({
    resolver: zodResolver(ChangeEmailInput),
    defaultValues: { newEmail: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    changeEmail.reset();
    try {
      await changeEmail.mutateAsync(values);
      reset();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) {
        toast.error('Failed to change email');
        return;
      }
      if (error.code === 'CURRENT_PASSWORD_INCORRECT') {
        setError('password', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (error.code === 'EMAIL_IN_USE') {
        setError('newEmail', { type: 'server', message: AUTH_MESSAGES.emailInUse }, { shouldFocus: true });
      } else if (error.fields?.newEmail) {
        setError('newEmail', { type: 'server', message: error.fields.newEmail }, { shouldFocus: true });
      } else {
        toast.error('Failed to change email', { description: error.message });
      }
    }
  });

  return (
    <SettingsSection
      id="email"
      title="Change email"
      description={
        <>
          You sign in with <span className="font-medium text-foreground">{profile.email}</span>. We send a
          link to the new address; the change happens when you follow it.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="New email" error={errors.newEmail?.message}>
          {(control) => <Input {...emailInputProps} {...control} {...register('newEmail')} />}
        </FormField>
        <FormField
          label="Password"
          hint="Your current password, to confirm it's you."
          error={errors.password?.message}
        >
          {(control) => <Input {...currentPasswordInputProps} {...control} {...register('password')} />}
        </FormField>
        {changeEmail.isSuccess ? (
          <Alert variant="success" role="status">
            <p>{changeEmail.data.message ?? AUTH_MESSAGES.emailChangeSent}</p>
          </Alert>
        ) : null}
        <Button type="submit" disabled={isSubmitting} className="self-start">
          <AtSign aria-hidden="true" />
          Change email
        </Button>
      </form>
    </SettingsSection>
  );
}
