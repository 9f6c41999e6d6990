import { AdminUser, AdminUserParams, SetPlanInput } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const setPlan = {
  method: 'POST',
  path: '/api/admin/users/:userId/plan',
  params: AdminUserParams,
  body: SetPlanInput,
  response: AdminUser,
} as const satisfies Endpoint;
