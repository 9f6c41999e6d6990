import { NotificationPage, NotificationQuery } from '../../schemas/notifications.ts';
import type { Endpoint } from '../endpoint.ts';

export const list = {
  method: 'GET',
  path: '/api/notifications',
  query: NotificationQuery,
  response: NotificationPage,
} as const satisfies Endpoint;
