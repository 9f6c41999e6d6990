import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const revokeSession = {
  method: 'DELETE',
  path: '/api/me/sessions/:id',
  params: Id,
  status: 204,
} as const satisfies Endpoint;
