import { EnhanceTextResponse } from '@daybook/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/ai/enhance: AI Assist. The draft crosses TLS to the server, which neither stores nor logs it. */
export function enhanceText(text: string, signal?: AbortSignal): Promise<EnhanceTextResponse> {
  return apiRequest('/api/ai/enhance', {
    method: 'POST',
    body: { text },
    schema: EnhanceTextResponse,
    signal,
  });
}
