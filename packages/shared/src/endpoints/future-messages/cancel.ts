import { FutureMessage } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';
import { MessageId } from './params.ts';

export const cancel = {
  method: 'POST',
  path: '/api/future-messages/:id/cancel',
  params: MessageId,
  response: FutureMessage,
} as const satisfies Endpoint;
