import { EmailOnlyInput } from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { emailInputProps, Input } from '../../../components/ui/input.tsx';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function RequestResetForm() {
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof EmailOnlyInput>>({
    resolver: zodResolver(EmailOnlyInput),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    await forgotPassword.mutateAsync(email).catch(() => undefined);
  });

  if (forgotPassword.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <Alert variant="success" role="status">
          <p>{forgotPassword.data.message}</p>
        </Alert>
        <p className="text-sm text-muted-foreground">
          The link works once and expires after one hour. Check your spam folder if it doesn't arrive.
        </p>
      </div>
    );
  }

  const failure = forgotPassword.error;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...emailInputProps} {...control} {...register('email')} />}
      </FormField>
      {failure ? (
        <Alert variant="error" role="alert">
          <p>{failure instanceof ApiRequestError ? failure.message : NETWORK_ERROR_MESSAGE}</p>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <Send aria-hidden="true" />
        Send reset link
      </Button>
    </form>
  );
}
