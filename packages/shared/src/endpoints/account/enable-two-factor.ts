import { EnableTwoFactorInput, TwoFactorEnabled } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const enableTwoFactor = {
  method: 'POST',
  path: '/api/me/two-factor/enable',
  body: EnableTwoFactorInput,
  response: TwoFactorEnabled,
} as const satisfies Endpoint;
