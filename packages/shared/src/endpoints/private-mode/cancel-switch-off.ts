import { PrivateSwitchInput, PrivateSwitchStatus } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const cancelSwitchOff = {
  method: 'POST',
  path: '/api/me/private-mode/switch-off/cancel',
  body: PrivateSwitchInput,
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;
