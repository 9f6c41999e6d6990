import { FutureMessagePage, FutureMessageQuery } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';

export const list = {
  method: 'GET',
  path: '/api/future-messages',
  query: FutureMessageQuery,
  response: FutureMessagePage,
} as const satisfies Endpoint;
