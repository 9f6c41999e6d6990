import { TwoFactorCodeInput, TwoFactorRecoveryCodes } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const replaceRecoveryCodes = {
  method: 'POST',
  path: '/api/me/two-factor/recovery-codes',
  body: TwoFactorCodeInput,
  response: TwoFactorRecoveryCodes,
} as const satisfies Endpoint;
