import { AUTH_MESSAGES, NewPassword, passwordStrength } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NewPasswordFields } from '../../../components/ui/new-password-fields.tsx';
import { ApiRequestError, isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';

const NewPasswordValues = z
  .object({ password: NewPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDoNotMatch,
  });
type NewPasswordValues = z.input<typeof NewPasswordValues>;

/** Sets a new password with the token from the e-mailed link. */
export function NewPasswordForm({ token, onInvalidToken }: { token: string; onInvalidToken: () => void }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordValues>({
    resolver: zodResolver(NewPasswordValues),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const confirmPassword = watch('confirmPassword');
  // The same rule as registration: no weak password, and both must match.
  const isBlocked = isSubmitting || passwordStrength(password) === 'weak' || password !== confirmPassword;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync({ token, ...values });
    } catch (error) {
      if (isApiError(error, 'INVALID_TOKEN')) onInvalidToken();
      return;
    }
    toast.success(AUTH_MESSAGES.passwordResetDone);
    void navigate('/login', { replace: true });
  });

  const failure = resetPassword.error;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <NewPasswordFields
        passwordLabel="New password"
        confirmLabel="Confirm password"
        password={password}
        confirmPassword={confirmPassword}
        passwordField={register('password')}
        confirmField={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
        isMatchCheckedWhileTyping
      />
      {failure && !isApiError(failure, 'INVALID_TOKEN') ? (
        <Alert variant="error" role="alert">
          <p>
            {failure instanceof ApiRequestError
              ? (failure.fields?.password ?? failure.message)
              : failure.message}
          </p>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" disabled={isBlocked} className="w-full">
        <KeyRound aria-hidden="true" />
        Reset password
      </Button>
    </form>
  );
}
