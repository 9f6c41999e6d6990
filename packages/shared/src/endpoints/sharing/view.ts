import { ShareView } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const view = {
  method: 'GET',
  path: '/api/shares/:id/view',
  params: Id,
  response: ShareView,
} as const satisfies Endpoint;
