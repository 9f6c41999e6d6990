import type { Endpoint } from '../endpoint.ts';
import { ConversationParams } from './params.ts';

export const deleteConversation = {
  method: 'DELETE',
  path: '/api/ai/:kind/conversations/:id',
  params: ConversationParams,
  status: 204,
} as const satisfies Endpoint;
