import { SubscriptionStatus } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const cancel = {
  method: 'POST',
  path: '/api/billing/cancel',
  response: SubscriptionStatus,
} as const satisfies Endpoint;
