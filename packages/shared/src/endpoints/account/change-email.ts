import { ChangeEmailInput } from '../../schemas/account-security.ts';
import { OkResponse } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

export const changeEmail = {
  method: 'POST',
  path: '/api/me/email',
  body: ChangeEmailInput,
  response: OkResponse,
} as const satisfies Endpoint;
