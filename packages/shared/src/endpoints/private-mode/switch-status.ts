import { PrivateSwitchStatus } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const switchStatus = {
  method: 'GET',
  path: '/api/me/private-mode/switch',
  response: PrivateSwitchStatus,
} as const satisfies Endpoint;
