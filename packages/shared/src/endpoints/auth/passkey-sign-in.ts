import { PasskeySignInInput, PasskeySignInResponse } from '../../schemas/passkeys.ts';
import type { Endpoint } from '../endpoint.ts';

export const passkeySignIn = {
  method: 'POST',
  path: '/api/auth/passkey/sign-in',
  body: PasskeySignInInput,
  response: PasskeySignInResponse,
} as const satisfies Endpoint;
