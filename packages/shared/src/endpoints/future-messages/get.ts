import { FutureMessage } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';
import { MessageId } from './params.ts';

export const get = {
  method: 'GET',
  path: '/api/future-messages/:id',
  params: MessageId,
  response: FutureMessage,
} as const satisfies Endpoint;
