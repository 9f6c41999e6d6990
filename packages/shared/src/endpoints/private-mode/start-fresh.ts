import { OkResponse } from '../../schemas/auth.ts';
import { StartFreshInput } from '../../schemas/private-mode.ts';
import type { Endpoint } from '../endpoint.ts';

export const startFresh = {
  method: 'POST',
  path: '/api/me/private-mode/start-fresh',
  body: StartFreshInput,
  response: OkResponse,
} as const satisfies Endpoint;
