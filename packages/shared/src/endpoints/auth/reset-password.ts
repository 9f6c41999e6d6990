import { OkResponse, ResetPasswordInput } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const resetPassword = {
  method: 'POST',
  path: '/api/auth/reset-password',
  body: ResetPasswordInput,
  response: OkResponse,
} as const satisfies Endpoint;
