import { AdminUser, AdminUserParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const enableUser = {
  method: 'POST',
  path: '/api/admin/users/:userId/enable',
  params: AdminUserParams,
  response: AdminUser,
} as const satisfies Endpoint;
