import { z } from 'zod';
import { ConversationsToConvert } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';

export const toConvert = {
  method: 'GET',
  path: '/api/ai/conversations/to-convert',
  query: z.object({ from: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }),
  response: ConversationsToConvert,
} as const satisfies Endpoint;
