import { EnhanceTextInput, EnhanceTextResponse } from '../../schemas/ai.ts';
import type { Endpoint } from '../endpoint.ts';

export const enhance = {
  method: 'POST',
  path: '/api/ai/enhance',
  body: EnhanceTextInput,
  response: EnhanceTextResponse,
} as const satisfies Endpoint;
