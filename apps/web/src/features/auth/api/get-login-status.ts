import { LoginStatus, normalizeEmail } from '@daybook/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** The lockout check before signing in; the e-mail is counted lower-cased and trimmed (docs/product/accounts.md#accounts-lockout). */
export function getLoginStatus(email: string): Promise<LoginStatus> {
  return apiRequest('/api/auth/login-status', {
    method: 'POST',
    body: { email: normalizeEmail(email) },
    schema: LoginStatus,
  });
}

/** The login status an error carries in `details.loginStatus` (failed or locked sign-in). */
export function loginStatusFromDetails(
  details: Record<string, unknown> | undefined,
): LoginStatus | undefined {
  const parsed = LoginStatus.safeParse(details?.loginStatus);
  return parsed.success ? parsed.data : undefined;
}
