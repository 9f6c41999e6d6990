import { TwoFactorStatus } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const twoFactor = {
  method: 'GET',
  path: '/api/me/two-factor',
  response: TwoFactorStatus,
} as const satisfies Endpoint;
