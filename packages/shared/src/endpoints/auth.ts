import {
  EmailOnlyInput,
  LoginStatus,
  OkResponse,
  RegisterInput,
  RegisterResponse,
  ResetLinkParams,
  ResetLinkQuery,
  ResetPasswordInput,
  SessionResponse,
  SignInInput,
  VerifyEmailLinkQuery,
} from '../schemas/auth.ts';
import { PasskeyOptions, PasskeySignInInput, PasskeySignInResponse } from '../schemas/passkeys.ts';
import { SignInResponse, TwoFactorCodeInput, TwoFactorSignInResponse } from '../schemas/two-factor.ts';
import type { Endpoint } from './endpoint.ts';

/** The auth module's operations (apps/server/src/modules/auth). */

export const register = {
  method: 'POST',
  path: '/api/auth/register',
  body: RegisterInput,
  response: RegisterResponse,
  status: 201,
} as const satisfies Endpoint;

export const resendVerification = {
  method: 'POST',
  path: '/api/auth/resend-verification',
  body: EmailOnlyInput,
  response: OkResponse,
} as const satisfies Endpoint;

export const loginStatus = {
  method: 'POST',
  path: '/api/auth/login-status',
  body: EmailOnlyInput,
  response: LoginStatus,
} as const satisfies Endpoint;

export const signIn = {
  method: 'POST',
  path: '/api/auth/sign-in',
  body: SignInInput,
  response: SignInResponse,
} as const satisfies Endpoint;

export const twoFactor = {
  method: 'POST',
  path: '/api/auth/two-factor',
  body: TwoFactorCodeInput,
  response: TwoFactorSignInResponse,
} as const satisfies Endpoint;

export const passkeyOptions = {
  method: 'POST',
  path: '/api/auth/passkey/options',
  response: PasskeyOptions,
} as const satisfies Endpoint;

export const passkeySignIn = {
  method: 'POST',
  path: '/api/auth/passkey/sign-in',
  body: PasskeySignInInput,
  response: PasskeySignInResponse,
} as const satisfies Endpoint;

export const signOut = {
  method: 'POST',
  path: '/api/auth/sign-out',
  response: OkResponse,
} as const satisfies Endpoint;

export const session = {
  method: 'GET',
  path: '/api/auth/session',
  response: SessionResponse,
} as const satisfies Endpoint;

export const forgotPassword = {
  method: 'POST',
  path: '/api/auth/forgot-password',
  body: EmailOnlyInput,
  response: OkResponse,
} as const satisfies Endpoint;

export const resetPassword = {
  method: 'POST',
  path: '/api/auth/reset-password',
  body: ResetPasswordInput,
  response: OkResponse,
} as const satisfies Endpoint;

/** The link of the verification e-mail: a redirect. */
export const verifyEmailLink = {
  method: 'GET',
  path: '/api/auth/verify-email',
  query: VerifyEmailLinkQuery,
} as const satisfies Endpoint;

/** The link of the password-reset e-mail: a redirect. */
export const resetPasswordLink = {
  method: 'GET',
  path: '/api/auth/reset-password/:token',
  params: ResetLinkParams,
  query: ResetLinkQuery,
} as const satisfies Endpoint;
