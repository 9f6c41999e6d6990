import { api, type SessionUser, type TwoFactorCodeInput } from '@daybook/shared';
import { callApi } from '../../../lib/api-client.ts';

/**
 * The code step of a two-step sign-in (ADR 075): the pending state is the HttpOnly cookie the password step set;
 * a code from the app or a recovery code turns it into a session. Announced by the caller, as `signIn` is.
 */
export async function verifyTwoFactor(input: TwoFactorCodeInput): Promise<SessionUser> {
  const { user } = await callApi(api.auth.twoFactor, { body: input });
  return user;
}
