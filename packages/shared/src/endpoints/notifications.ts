import { z } from 'zod';
import { NotificationPage, NotificationQuery, NotificationSummary } from '../schemas/notifications.ts';
import type { Endpoint } from './endpoint.ts';

/** The notifications module's operations (apps/server/src/modules/notifications). */

const NotificationId = z.object({ id: z.uuid() });

export const list = {
  method: 'GET',
  path: '/api/notifications',
  query: NotificationQuery,
  response: NotificationPage,
} as const satisfies Endpoint;

export const summary = {
  method: 'GET',
  path: '/api/notifications/summary',
  response: NotificationSummary,
} as const satisfies Endpoint;

export const readAll = {
  method: 'POST',
  path: '/api/notifications/read-all',
  status: 204,
} as const satisfies Endpoint;

export const read = {
  method: 'POST',
  path: '/api/notifications/:id/read',
  params: NotificationId,
  status: 204,
} as const satisfies Endpoint;

export const remove = {
  method: 'DELETE',
  path: '/api/notifications/:id',
  params: NotificationId,
  status: 204,
} as const satisfies Endpoint;
