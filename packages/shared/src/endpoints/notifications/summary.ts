import { NotificationSummary } from '../../schemas/notifications.ts';
import type { Endpoint } from '../endpoint.ts';

export const summary = {
  method: 'GET',
  path: '/api/notifications/summary',
  response: NotificationSummary,
} as const satisfies Endpoint;
