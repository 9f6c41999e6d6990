import { OkResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const signOut = {
  method: 'POST',
  path: '/api/auth/sign-out',
  response: OkResponse,
} as const satisfies Endpoint;
