import { api, type SessionUser, type SignInInput, type SignInResponse } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { broadcastAuth } from '../../../lib/session/auth-channel.ts';
import { setSessionUser } from '../../../lib/session/session-state.ts';

/**
 * Signs in. The session is announced by the caller (`announceSignIn`), once it knows where the person goes next:
 * the login page first checks whether a Premium checkout is due (docs/product/plans-billing.md#plans-checkout), which must happen before the
 * visitor-only pages send a signed-in person on to the dashboard. LoginForm runs it as its mutation, loaded
 * with the rest of a submit's code (components/login-submit.tsx, ADR 049).
 */
export function signIn(input: SignInInput): Promise<SignInResponse> {
  // With two-step sign-in on, a right password answers `twoFactorRequired` and no session (ADR 075).
  return callApi(api.auth.signIn, { body: input });
}

/** Makes a new session known to this tab (its screens follow at once) and the others. */
export function announceSignIn(client: QueryClient, user: SessionUser): void {
  setSessionUser(client, user);
  broadcastAuth({ type: 'signed-in' });
}
