import { AUTH_MESSAGES } from '@daybook/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/** The `error` a failed e-mail verification link brings to /login, and what to say about it. */
export function verificationLinkMessage(error: string | null): string | null {
  if (error === 'TOKEN_EXPIRED') return AUTH_MESSAGES.verificationLinkExpired;
  if (error === 'INVALID_TOKEN') return AUTH_MESSAGES.verificationLinkInvalid;
  return null;
}

/** A confirmation link opened in a browser other than the one that registered: confirmed, but not signed in. */
export function EmailConfirmedNotice() {
  return (
    <Alert variant="success" role="status">
      <p className="font-medium">Email confirmed</p>
      <p>Your email address is confirmed. Log in below to continue.</p>
    </Alert>
  );
}

/** Explains a confirmation link that did not work, with a form to get a new one. */
export function VerificationLinkNotice({ message }: { message: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <Alert variant="warning">
      <p className="font-medium">{message}</p>
      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <FormField label="Your email" error={error} className="flex-1">
          {(control) => (
            <Input
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
              {...control}
            />
          )}
        </FormField>
        <ResendVerificationButton
          type="submit"
          email={email}
          onMissingEmail={() => setError(AUTH_MESSAGES.emailRequired)}
          className={error ? 'sm:mb-7' : undefined}
        />
      </form>
    </Alert>
  );
}
