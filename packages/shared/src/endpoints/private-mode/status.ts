import { PrivateModeStatus } from '../../schemas/private-mode.ts';
import type { Endpoint } from '../endpoint.ts';

export const status = {
  method: 'GET',
  path: '/api/me/private-mode',
  response: PrivateModeStatus,
} as const satisfies Endpoint;
