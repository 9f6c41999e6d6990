import { PushEndpointInput } from '../../schemas/reminders.ts';
import type { Endpoint } from '../endpoint.ts';

export const unsubscribePush = {
  method: 'DELETE',
  path: '/api/reminders/push-subscriptions',
  body: PushEndpointInput,
  status: 204,
} as const satisfies Endpoint;
