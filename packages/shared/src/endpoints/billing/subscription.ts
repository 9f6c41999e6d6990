import { SubscriptionStatus } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const subscription = {
  method: 'GET',
  path: '/api/billing/subscription',
  response: SubscriptionStatus,
} as const satisfies Endpoint;
