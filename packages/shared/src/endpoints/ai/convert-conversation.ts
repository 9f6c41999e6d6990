import { ConvertConversationInput } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';
import { ConversationParams } from './params.ts';

export const convertConversation = {
  method: 'PUT',
  path: '/api/ai/:kind/conversations/:id/version',
  params: ConversationParams,
  body: ConvertConversationInput,
  status: 204,
} as const satisfies Endpoint;
