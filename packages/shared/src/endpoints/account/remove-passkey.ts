import { OkResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const removePasskey = {
  method: 'DELETE',
  path: '/api/me/passkeys/:id',
  params: Id,
  response: OkResponse,
} as const satisfies Endpoint;
