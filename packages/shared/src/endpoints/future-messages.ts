import { z } from 'zod';
import {
  FutureMessage,
  FutureMessagePage,
  FutureMessageQuery,
  ScheduleFutureMessageInput,
  SealFutureMessagePrivatelyInput,
  SealFutureMessageReadablyInput,
} from '../schemas/future-messages.ts';
import type { Endpoint } from './endpoint.ts';

/** The future-messages module's operations (apps/server/src/modules/future-messages). */

const MessageId = z.object({ id: z.uuid() });

export const schedule = {
  method: 'POST',
  path: '/api/future-messages',
  body: ScheduleFutureMessageInput,
  response: FutureMessage,
  status: 201,
} as const satisfies Endpoint;

export const list = {
  method: 'GET',
  path: '/api/future-messages',
  query: FutureMessageQuery,
  response: FutureMessagePage,
} as const satisfies Endpoint;

export const upcoming = {
  method: 'GET',
  path: '/api/future-messages/upcoming',
  response: z.object({ items: z.array(FutureMessage) }),
} as const satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/future-messages/:id',
  params: MessageId,
  response: FutureMessage,
} as const satisfies Endpoint;

export const cancel = {
  method: 'POST',
  path: '/api/future-messages/:id/cancel',
  params: MessageId,
  response: FutureMessage,
} as const satisfies Endpoint;

export const sealPrivately = {
  method: 'PUT',
  path: '/api/future-messages/:id/private',
  params: MessageId,
  body: SealFutureMessagePrivatelyInput,
  response: FutureMessage,
} as const satisfies Endpoint;

export const sealReadably = {
  method: 'PUT',
  path: '/api/future-messages/:id/readable',
  params: MessageId,
  body: SealFutureMessageReadablyInput,
  response: FutureMessage,
} as const satisfies Endpoint;

/** Test tools only (registered with TEST_TOOLS, never in production): delivers your due messages now. */
export const processDue = {
  method: 'POST',
  path: '/api/dev/future-messages/process',
  response: z.object({ processed: z.number().int() }),
} as const satisfies Endpoint;
