import { AiConsents } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';

export const consents = {
  method: 'GET',
  path: '/api/ai/consents',
  response: AiConsents,
} as const satisfies Endpoint;
