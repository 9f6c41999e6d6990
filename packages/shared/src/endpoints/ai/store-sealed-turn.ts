import { SealedTurnInput } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';
import { ConversationParams } from './params.ts';

export const storeSealedTurn = {
  method: 'POST',
  path: '/api/ai/:kind/conversations/:id/turns',
  params: ConversationParams,
  body: SealedTurnInput,
  status: 204,
} as const satisfies Endpoint;
