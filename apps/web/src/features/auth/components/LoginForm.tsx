import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  LOCKOUT,
  type LoginStatus,
  PASSWORD_RULES,
  type SessionUser,
  SignInInput,
} from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { currentPasswordInputProps, emailInputProps, Input } from '../../../components/ui/input.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { broadcastAuth } from '../../../lib/session/auth-channel.ts';
import { DEFAULT_SIGNED_IN_PATH, REDIRECT_PARAM, safeRedirectPath } from '../../../lib/session/redirect.ts';
import { getLoginStatus, loginStatusFromDetails } from '../api/get-login-status.ts';
import { announceSignIn, useSignIn } from '../api/sign-in.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

const loadBilling = () => import('../../../lib/billing-intent.ts');

/** What went wrong with the last attempt, as the form shows it. */
type LoginProblem =
  | { kind: 'failed'; message: string; remainingAttempts?: number }
  | { kind: 'locked'; message: string }
  | { kind: 'unverified'; message: string; email: string }
  | { kind: 'other'; message: string };

type LoginFormValues = z.input<typeof SignInInput>;

function lockedMessage(status: LoginStatus): string {
  return AUTH_MESSAGES.lockedOut(status.lockedForMinutes ?? status.lockoutDurationMinutes);
}

/** Spec §4: the remaining attempts are shown once 2 or fewer are left. */
export function shouldWarnAboutAttempts(status: LoginStatus | undefined): status is LoginStatus {
  return status !== undefined && status.remainingAttempts <= LOCKOUT.warnAtRemaining;
}

function problemFrom(error: unknown, email: string): LoginProblem {
  if (!(error instanceof ApiRequestError)) return { kind: 'other', message: String(error) };
  switch (error.code) {
    case 'INVALID_CREDENTIALS': {
      const status = loginStatusFromDetails(error.details);
      return shouldWarnAboutAttempts(status)
        ? { kind: 'failed', message: error.message, remainingAttempts: status.remainingAttempts }
        : { kind: 'failed', message: error.message };
    }
    case 'ACCOUNT_LOCKED': {
      const status = loginStatusFromDetails(error.details);
      return { kind: 'locked', message: status ? lockedMessage(status) : error.message };
    }
    case 'EMAIL_NOT_VERIFIED':
      return { kind: 'unverified', message: error.message, email };
    case 'ACCOUNT_DISABLED':
      return { kind: 'other', message: AUTH_MESSAGES.accountDisabled };
    default:
      return { kind: 'other', message: error.message };
  }
}

export function LoginForm() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const client = useQueryClient();
  const isPremiumRequested = searchParams.get('intent') === 'premium';
  const [problem, setProblem] = useState<LoginProblem | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(SignInInput),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setProblem(null);

    // Spec §4: check the lockout first; a failed check does not block the person.
    let status: LoginStatus | undefined;
    try {
      status = await getLoginStatus(email);
    } catch {
      toast.error(AUTH_MESSAGES.loginStatusUnavailable);
    }
    if (status?.isLockedOut) {
      setProblem({ kind: 'locked', message: lockedMessage(status) });
      toast.error(AUTH_MESSAGES.lockedOutToast);
      return;
    }

    let user: SessionUser;
    try {
      user = await signIn.mutateAsync({ email, password });
    } catch (error) {
      const next = problemFrom(error, email);
      setProblem(next);
      if (next.kind === 'locked') toast.error(AUTH_MESSAGES.lockedOutToast);
      return;
    }

    // Premium chosen at registration (or asked for with ?intent=premium) and still on Free: on to checkout.
    let checkoutUrl: string | null = null;
    try {
      // Loaded now rather than with the page: the login page's first load stays in budget.
      const billing = await loadBilling();
      try {
        checkoutUrl = await billing.checkoutAddressAfterSignIn(client, isPremiumRequested);
      } catch (error) {
        toast.error(BILLING_MESSAGES.startCheckoutFailed, {
          description: billing.checkoutErrorMessage(error),
        });
      }
      if (checkoutUrl) {
        broadcastAuth({ type: 'signed-in' });
        billing.browserLocation.assign(checkoutUrl);
        return;
      }
    } catch {
      // The code could not load (a new deployment): sign in as usual; the dashboard offers checkout.
    }
    announceSignIn(client, user);
    const target = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? DEFAULT_SIGNED_IN_PATH;
    void navigate(target, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormField label="Email" error={errors.email?.message}>
        {(control) => <Input {...emailInputProps} {...control} {...register('email')} />}
      </FormField>
      <div className="flex flex-col gap-1.5">
        <FormField label="Password" error={errors.password?.message}>
          {(control) => (
            <Input
              {...currentPasswordInputProps}
              minLength={PASSWORD_RULES.loginInputMinLength}
              {...control}
              {...register('password')}
            />
          )}
        </FormField>
        <Link
          to="/reset-password"
          className="self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>

      {problem ? <LoginProblemAlert problem={problem} /> : null}

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <LogIn aria-hidden="true" />
        {isSubmitting ? 'Logging in...' : 'Log In'}
      </Button>
    </form>
  );
}

function LoginProblemAlert({ problem }: { problem: LoginProblem }) {
  if (problem.kind === 'failed' && problem.remainingAttempts !== undefined) {
    return (
      <Alert variant="warning" role="alert">
        <p>{problem.message}</p>
        <p className="font-semibold">{AUTH_MESSAGES.attemptsRemaining(problem.remainingAttempts)}</p>
      </Alert>
    );
  }
  if (problem.kind === 'unverified') {
    return (
      <Alert variant="warning" role="alert">
        <p>{problem.message}</p>
        <ResendVerificationButton email={problem.email} size="sm" className="self-start" />
      </Alert>
    );
  }
  return (
    <Alert variant="error" role="alert">
      <p>{problem.message}</p>
    </Alert>
  );
}
