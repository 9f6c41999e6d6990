import { api, LoginStatus, normalizeEmail } from '@daybook/shared';
import { callApi } from '../../../lib/api-client.ts';

/** The lockout check before signing in; the e-mail is counted lower-cased and trimmed (docs/product/accounts.md#accounts-lockout). */
export function getLoginStatus(email: string): Promise<LoginStatus> {
  return callApi(api.auth.loginStatus, { body: { email: normalizeEmail(email) } });
}

/** The login status an error carries in `details.loginStatus` (failed or locked sign-in). */
export function loginStatusFromDetails(
  details: Record<string, unknown> | undefined,
): LoginStatus | undefined {
  const parsed = LoginStatus.safeParse(details?.loginStatus);
  return parsed.success ? parsed.data : undefined;
}
