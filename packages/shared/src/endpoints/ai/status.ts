import { AiStatus } from '../../schemas/ai.ts';
import type { Endpoint } from '../endpoint.ts';

export const status = {
  method: 'GET',
  path: '/api/ai/status',
  response: AiStatus,
} as const satisfies Endpoint;
