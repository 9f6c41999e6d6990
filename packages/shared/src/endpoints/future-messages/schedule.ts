import { FutureMessage, ScheduleFutureMessageInput } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';

export const schedule = {
  method: 'POST',
  path: '/api/future-messages',
  body: ScheduleFutureMessageInput,
  response: FutureMessage,
  status: 201,
} as const satisfies Endpoint;
