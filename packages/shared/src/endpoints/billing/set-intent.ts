import { SetSubscriptionIntentInput, SubscriptionIntent } from '../../schemas/billing.ts';
import type { Endpoint } from '../endpoint.ts';

export const setIntent = {
  method: 'PUT',
  path: '/api/billing/intent',
  body: SetSubscriptionIntentInput,
  response: SubscriptionIntent,
} as const satisfies Endpoint;
