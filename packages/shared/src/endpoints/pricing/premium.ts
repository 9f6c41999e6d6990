import { PricingQuery, PricingResponse } from '../../schemas/pricing.ts';
import type { Endpoint } from '../endpoint.ts';

export const premium = {
  method: 'GET',
  path: '/api/pricing',
  query: PricingQuery,
  response: PricingResponse,
} as const satisfies Endpoint;
