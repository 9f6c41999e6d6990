import { RegisterInput, RegisterResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const register = {
  method: 'POST',
  path: '/api/auth/register',
  body: RegisterInput,
  response: RegisterResponse,
  status: 201,
} as const satisfies Endpoint;
