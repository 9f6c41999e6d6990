import { ConversationList } from '../../schemas/ai.ts';
import type { Endpoint } from '../endpoint.ts';
import { KindParams } from './params.ts';

export const conversations = {
  method: 'GET',
  path: '/api/ai/:kind/conversations',
  params: KindParams,
  response: ConversationList,
} as const satisfies Endpoint;
