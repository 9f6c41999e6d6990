import { ReceivedSharePage, ReceivedShareQuery } from '../../schemas/sharing.ts';
import type { Endpoint } from '../endpoint.ts';

export const received = {
  method: 'GET',
  path: '/api/shares/received',
  query: ReceivedShareQuery,
  response: ReceivedSharePage,
} as const satisfies Endpoint;
