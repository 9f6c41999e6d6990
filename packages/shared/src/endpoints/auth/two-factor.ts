import { TwoFactorCodeInput, TwoFactorSignInResponse } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const twoFactor = {
  method: 'POST',
  path: '/api/auth/two-factor',
  body: TwoFactorCodeInput,
  response: TwoFactorSignInResponse,
} as const satisfies Endpoint;
