import { StartTwoFactorSetupInput, TwoFactorSetup } from '../../schemas/two-factor.ts';
import type { Endpoint } from '../endpoint.ts';

export const startTwoFactorSetup = {
  method: 'POST',
  path: '/api/me/two-factor/setup',
  body: StartTwoFactorSetupInput,
  response: TwoFactorSetup,
} as const satisfies Endpoint;
