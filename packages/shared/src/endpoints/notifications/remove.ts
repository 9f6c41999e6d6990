import type { Endpoint } from '../endpoint.ts';
import { NotificationId } from './params.ts';

export const remove = {
  method: 'DELETE',
  path: '/api/notifications/:id',
  params: NotificationId,
  status: 204,
} as const satisfies Endpoint;
