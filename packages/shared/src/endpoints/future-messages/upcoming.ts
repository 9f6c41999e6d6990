import { z } from 'zod';
import { FutureMessage } from '../../schemas/future-messages.ts';
import type { Endpoint } from '../endpoint.ts';

export const upcoming = {
  method: 'GET',
  path: '/api/future-messages/upcoming',
  response: z.object({ items: z.array(FutureMessage) }),
} as const satisfies Endpoint;
