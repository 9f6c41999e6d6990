import { FutureMessage, SealFutureMessageReadablyInput } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';
import { MessageId } from './params.ts';

export const sealReadably = {
  method: 'PUT',
  path: '/api/future-messages/:id/readable',
  params: MessageId,
  body: SealFutureMessageReadablyInput,
  response: FutureMessage,
} as const satisfies Endpoint;
