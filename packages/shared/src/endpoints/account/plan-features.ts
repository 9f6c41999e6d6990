import { PlanFeatures } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const planFeatures = {
  method: 'GET',
  path: '/api/me/plan-features',
  response: PlanFeatures,
} as const satisfies Endpoint;
