import { SignInInput } from '../../schemas/auth.ts';
import { SignInResponse } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const signIn = {
  method: 'POST',
  path: '/api/auth/sign-in',
  body: SignInInput,
  response: SignInResponse,
} as const satisfies Endpoint;
