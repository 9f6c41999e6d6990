import { AdminFailedMail, AdminMailParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const retryMail = {
  method: 'POST',
  path: '/api/admin/mail/:mailId/retry',
  params: AdminMailParams,
  response: AdminFailedMail,
} as const satisfies Endpoint;
