import { PrivateModeStatus, SetUpPrivateModeInput } from '../../schemas/private-mode.ts';
import type { Endpoint } from '../endpoint.ts';

export const setUp = {
  method: 'POST',
  path: '/api/me/private-mode',
  body: SetUpPrivateModeInput,
  response: PrivateModeStatus,
  status: 201,
} as const satisfies Endpoint;
