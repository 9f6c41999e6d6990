import { AiInsights } from '../../schemas/ai.ts';
import { AiInsightsRequest } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';

export const insights = {
  method: 'POST',
  path: '/api/ai/insights',
  body: AiInsightsRequest,
  response: AiInsights,
} as const satisfies Endpoint;
