import { PrivateSwitchInput, PrivateSwitchStatus } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const switchOff = {
  method: 'POST',
  path: '/api/me/private-mode/switch-off',
  body: PrivateSwitchInput,
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;
