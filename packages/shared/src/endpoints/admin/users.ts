import { AdminUserPage, AdminUserQuery } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const users = {
  method: 'GET',
  path: '/api/admin/users',
  query: AdminUserQuery,
  response: AdminUserPage,
} as const satisfies Endpoint;
