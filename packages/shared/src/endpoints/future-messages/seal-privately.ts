import { FutureMessage, SealFutureMessagePrivatelyInput } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';
import { MessageId } from './params.ts';

export const sealPrivately = {
  method: 'PUT',
  path: '/api/future-messages/:id/private',
  params: MessageId,
  body: SealFutureMessagePrivatelyInput,
  response: FutureMessage,
} as const satisfies Endpoint;
