import { ThankYouKey } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const thankYouKey = {
  method: 'GET',
  path: '/api/shares/:id/thank-you-key',
  params: Id,
  response: ThankYouKey,
} as const satisfies Endpoint;
