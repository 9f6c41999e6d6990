import { SentShare } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const revoke = {
  method: 'POST',
  path: '/api/shares/:id/revoke',
  params: Id,
  response: SentShare,
} as const satisfies Endpoint;
