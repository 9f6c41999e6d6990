import type { Endpoint } from '../endpoint.ts';
import { NotificationId } from './params.ts';

export const read = {
  method: 'POST',
  path: '/api/notifications/:id/read',
  params: NotificationId,
  status: 204,
} as const satisfies Endpoint;
