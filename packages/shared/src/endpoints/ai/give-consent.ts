import { AiConsent, GiveAiConsentInput } from '../../schemas/ai-private.ts';
import type { Endpoint } from '../endpoint.ts';
import { FeatureParams } from './params.ts';

export const giveConsent = {
  method: 'PUT',
  path: '/api/ai/consents/:feature',
  params: FeatureParams,
  body: GiveAiConsentInput,
  response: AiConsent,
} as const satisfies Endpoint;
