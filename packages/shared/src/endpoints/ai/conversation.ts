import { Conversation } from '../../schemas/ai.ts';
import type { Endpoint } from '../endpoint.ts';
import { ConversationParams } from './params.ts';

export const conversation = {
  method: 'GET',
  path: '/api/ai/:kind/conversations/:id',
  params: ConversationParams,
  response: Conversation,
} as const satisfies Endpoint;
