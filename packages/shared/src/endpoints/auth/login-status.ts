import { EmailOnlyInput, LoginStatus } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const loginStatus = {
  method: 'POST',
  path: '/api/auth/login-status',
  body: EmailOnlyInput,
  response: LoginStatus,
} as const satisfies Endpoint;
