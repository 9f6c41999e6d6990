import { PricingQuery, PricingResponse } from '../schemas/pricing.ts';
import type { Endpoint } from './endpoint.ts';

/** The pricing module's operation (apps/server/src/modules/pricing). */

export const premium = {
  method: 'GET',
  path: '/api/pricing',
  query: PricingQuery,
  response: PricingResponse,
} as const satisfies Endpoint;
