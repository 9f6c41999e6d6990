import { AUTH_MESSAGES } from '@daybook/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { NewPasswordForm } from '../components/NewPasswordForm.tsx';
import { RequestResetForm } from '../components/RequestResetForm.tsx';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const [isTokenRejected, setIsTokenRejected] = useState(false);
  const isLinkInvalid = searchParams.has('error') || isTokenRejected;
  const isChoosingPassword = Boolean(token) && !isLinkInvalid;

  return (
    <div className="page-container py-12 sm:py-16">
      <div className="mx-auto flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col gap-2 text-center">
          <h1 className="text-3xl font-semibold sm:text-4xl">
            {isChoosingPassword ? 'Choose a new password' : 'Reset your password'}
          </h1>
          <p className="text-muted-foreground">
            {isChoosingPassword
              ? 'Your other sessions will be signed out.'
              : "Enter your account's email and we'll send you a link to choose a new password."}
          </p>
        </div>
        {isLinkInvalid ? (
          <Alert variant="error" role="alert">
            <p>{AUTH_MESSAGES.resetLinkInvalid}</p>
          </Alert>
        ) : null}
        <Card className="p-5 sm:p-8">
          {isChoosingPassword && token ? (
            <NewPasswordForm token={token} onInvalidToken={() => setIsTokenRejected(true)} />
          ) : (
            <RequestResetForm />
          )}
        </Card>
        <Button asChild variant="link" className="self-center">
          <Link to="/login">Back to Log In</Link>
        </Button>
      </div>
    </div>
  );
}
