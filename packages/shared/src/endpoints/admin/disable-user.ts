import { AdminUser, AdminUserParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const disableUser = {
  method: 'POST',
  path: '/api/admin/users/:userId/disable',
  params: AdminUserParams,
  response: AdminUser,
} as const satisfies Endpoint;
