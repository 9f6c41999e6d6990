import { ChangePasswordInput } from '../../schemas/account-security.ts';
import { OkResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const changePassword = {
  method: 'POST',
  path: '/api/me/password',
  body: ChangePasswordInput,
  response: OkResponse,
} as const satisfies Endpoint;
