import { api, type EnhanceTextResponse } from '@daybook/shared';
import { callApi } from '../../../lib/api-client.ts';

/** POST /api/ai/enhance: AI Assist. The draft crosses TLS to the server, which neither stores nor logs it. */
export function enhanceText(text: string, signal?: AbortSignal): Promise<EnhanceTextResponse> {
  return callApi(api.ai.enhance, { body: { text }, signal });
}
