import { AdminContactMessage, AdminContactParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const markContactHandled = {
  method: 'POST',
  path: '/api/admin/contact/:messageId/handled',
  params: AdminContactParams,
  response: AdminContactMessage,
} as const satisfies Endpoint;
