import { SentShare } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const resend = {
  method: 'POST',
  path: '/api/shares/:id/resend',
  params: Id,
  response: SentShare,
} as const satisfies Endpoint;
