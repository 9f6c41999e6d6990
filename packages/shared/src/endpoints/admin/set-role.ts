import { AdminUser, AdminUserParams, SetRoleInput } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const setRole = {
  method: 'POST',
  path: '/api/admin/users/:userId/role',
  params: AdminUserParams,
  body: SetRoleInput,
  response: AdminUser,
} as const satisfies Endpoint;
