import { AiChatRequest } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';
import { KindParams } from './params.ts';

/** The reply streams as text/event-stream (start, delta…, done | error): no JSON answer. */
export const chat = {
  method: 'POST',
  path: '/api/ai/:kind/messages',
  params: KindParams,
  body: AiChatRequest,
} as const satisfies Endpoint;
