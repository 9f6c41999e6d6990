import type { Endpoint } from '../endpoint.ts';
import { FeatureParams } from './params.ts';

export const withdrawConsent = {
  method: 'DELETE',
  path: '/api/ai/consents/:feature',
  params: FeatureParams,
  status: 204,
} as const satisfies Endpoint;
