import { EmailOnlyInput, OkResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const forgotPassword = {
  method: 'POST',
  path: '/api/auth/forgot-password',
  body: EmailOnlyInput,
  response: OkResponse,
} as const satisfies Endpoint;
