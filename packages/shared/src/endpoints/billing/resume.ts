import { SubscriptionStatus } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const resume = {
  method: 'POST',
  path: '/api/billing/resume',
  response: SubscriptionStatus,
} as const satisfies Endpoint;
