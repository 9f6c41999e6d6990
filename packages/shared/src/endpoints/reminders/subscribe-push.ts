import { PushSubscriptionInput } from '../../schemas/reminders.ts';
import type { Endpoint } from '../endpoint.ts';

export const subscribePush = {
  method: 'POST',
  path: '/api/reminders/push-subscriptions',
  body: PushSubscriptionInput,
  status: 204,
} as const satisfies Endpoint;
