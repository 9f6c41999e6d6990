import { OkResponse } from '../../schemas/auth.ts';
import { TwoFactorCodeInput } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const disableTwoFactor = {
  method: 'POST',
  path: '/api/me/two-factor/disable',
  body: TwoFactorCodeInput,
  response: OkResponse,
} as const satisfies Endpoint;
