import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  LOCKOUT,
  type LoginStatus,
  type SessionUser,
  SignInInput,
  type SignInResponse,
  TWO_FACTOR_MESSAGES,
} from '@daybook/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { QueryClient } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { broadcastAuth } from '../../../lib/session/auth-channel.ts';
import { toast } from '../../../lib/toast.ts';
import { getLoginStatus, loginStatusFromDetails } from '../api/get-login-status.ts';
import { announceSignIn, signIn } from '../api/sign-in.ts';
import { ResendVerificationButton } from './ResendVerificationButton.tsx';

/*
 * What the login form needs only once it is used (ADR 049): the schema it is checked with, the API calls of a
 * sign-in, the toasts and the problem it shows. zod and the shared schemas, the API client and sonner are most of
 * the form's script and of its start-up work; LoginForm loads this module when the form is first focused, and
 * waits for it on submit, so the page's first load does without them.
 */

export { signIn };

/** The form's check (docs/product/accounts.md#accounts-login), with the e-mail trimmed and lower-cased as the server counts it. */
export const signInResolver = zodResolver(SignInInput);

/** What went wrong with the last attempt, as the form shows it. */
export type LoginProblem =
  | { kind: 'failed'; message: string; remainingAttempts?: number }
  | { kind: 'locked'; message: string }
  | { kind: 'unverified'; message: string; email: string }
  | { kind: 'other'; message: string }
  /** Not a problem: the password was right and the code step comes next (ADR 075); LoginForm shows it instead. */
  | { kind: 'two-factor'; message: string };

function lockedMessage(status: LoginStatus): string {
  return AUTH_MESSAGES.lockedOut(status.lockedForMinutes ?? status.lockoutDurationMinutes);
}

/** docs/product/accounts.md#accounts-lockout: the remaining attempts are shown once 2 or fewer are left. */
export function shouldWarnAboutAttempts(status: LoginStatus | undefined): status is LoginStatus {
  return status !== undefined && status.remainingAttempts <= LOCKOUT.warnAtRemaining;
}

export function problemFrom(error: unknown, email: string): LoginProblem {
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
    // A passkey sign-in names no address to send the confirmation to: the message alone then.
    case 'EMAIL_NOT_VERIFIED':
      return email
        ? { kind: 'unverified', message: error.message, email }
        : { kind: 'other', message: error.message };
    case 'ACCOUNT_DISABLED':
      return { kind: 'other', message: AUTH_MESSAGES.accountDisabled };
    default:
      return { kind: 'other', message: error.message };
  }
}

/**
 * How a submit ended: a problem to show (or, with two-step sign-in on, the code step: ADR 075), on to checkout
 * (the browser is leaving), or signed in.
 */
export type SignInOutcome =
  | { kind: 'problem'; problem: LoginProblem }
  | { kind: 'checkout' }
  | { kind: 'signed-in' };

const loadBilling = () => import('../../../lib/billing-intent.ts');

/**
 * A sign-in from the login form (docs/product/accounts.md#accounts-login): the lockout check first (a failed check does not block the person),
 * then the sign-in itself (`signInWith`, the form's mutation), then Premium checkout when it is due; otherwise
 * the session is announced and the caller sends the person on.
 */
export async function submitSignIn(
  input: SignInInput,
  {
    client,
    isPremiumRequested,
    signInWith,
  }: {
    client: QueryClient;
    isPremiumRequested: boolean;
    signInWith: (input: SignInInput) => Promise<SignInResponse>;
  },
): Promise<SignInOutcome> {
  let status: LoginStatus | undefined;
  try {
    status = await getLoginStatus(input.email);
  } catch {
    toast.error(AUTH_MESSAGES.loginStatusUnavailable);
  }
  if (status?.isLockedOut) {
    toast.error(AUTH_MESSAGES.lockedOutToast);
    return { kind: 'problem', problem: { kind: 'locked', message: lockedMessage(status) } };
  }

  let answer: SignInResponse;
  try {
    answer = await signInWith(input);
  } catch (error) {
    const problem = problemFrom(error, input.email);
    if (problem.kind === 'locked') toast.error(AUTH_MESSAGES.lockedOutToast);
    return { kind: 'problem', problem };
  }
  if (!('user' in answer))
    return { kind: 'problem', problem: { kind: 'two-factor', message: TWO_FACTOR_MESSAGES.codePrompt } };
  return finishSignIn(answer.user, { client, isPremiumRequested });
}

/** Signed in (by the password, or by the code step after it): on to checkout when it is due, else announced. */
export async function finishSignIn(
  user: SessionUser,
  { client, isPremiumRequested }: { client: QueryClient; isPremiumRequested: boolean },
): Promise<Exclude<SignInOutcome, { kind: 'problem' }>> {
  // Premium chosen at registration (or asked for with ?intent=premium) and still on Free: on to checkout.
  try {
    // Loaded now rather than with the page: the login page's first load stays in budget.
    const billing = await loadBilling();
    let checkoutUrl: string | null = null;
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
      return { kind: 'checkout' };
    }
  } catch {
    // The code could not load (a new deployment): sign in as usual; the dashboard offers checkout.
  }
  announceSignIn(client, user);
  return { kind: 'signed-in' };
}

/** The last attempt's problem, with a way to get a new confirmation e-mail when that is what stands in the way. */
export function LoginProblemAlert({ problem }: { problem: LoginProblem }) {
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
