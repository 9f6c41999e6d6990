import { SessionResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const session = {
  method: 'GET',
  path: '/api/auth/session',
  response: SessionResponse,
} as const satisfies Endpoint;
