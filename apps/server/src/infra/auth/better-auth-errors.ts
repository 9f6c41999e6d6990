import { AUTH_MESSAGES } from '@daybook/shared';
import { APIError } from 'better-auth/api';
import { AppError } from '../../lib/errors.ts';

/** better-auth's error codes, as we show them to people. Anything else is returned as it came. */
export function translateAuthError(error: unknown): unknown {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    switch (code) {
      case 'INVALID_EMAIL_OR_PASSWORD':
        return new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials);
      case 'INVALID_PASSWORD':
        return new AppError('CURRENT_PASSWORD_INCORRECT', AUTH_MESSAGES.currentPasswordWrong);
      case 'EMAIL_NOT_VERIFIED':
        return new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerifiedAtLogin);
      case 'BANNED_USER':
        return new AppError('ACCOUNT_DISABLED', AUTH_MESSAGES.accountDisabled);
      case 'INVALID_TOKEN':
      case 'TOKEN_EXPIRED':
        return new AppError('INVALID_TOKEN', AUTH_MESSAGES.resetLinkInvalid);
      case 'USER_ALREADY_EXISTS':
      case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
        return new AppError('EMAIL_NOT_CONFIRMED', AUTH_MESSAGES.emailNotConfirmed);
      case 'SESSION_EXPIRED':
      case 'UNAUTHORIZED':
        return new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
    }
  }
  return error;
}

/** What a call hands back to the route: a result, and cookies to set. */
export type WithCookies<T> = { result: T; setCookies: string[] };

/** Runs a better-auth call, translating its errors. */
export async function callAuth<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateAuthError(error);
  }
}
