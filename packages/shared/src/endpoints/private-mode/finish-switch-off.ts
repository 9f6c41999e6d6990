import { PrivateSwitchInput, PrivateSwitchStatus } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const finishSwitchOff = {
  method: 'POST',
  path: '/api/me/private-mode/switch-off/finish',
  body: PrivateSwitchInput,
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;
