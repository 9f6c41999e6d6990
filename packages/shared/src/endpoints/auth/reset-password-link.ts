import { ResetLinkParams, ResetLinkQuery } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

/** The link of the password-reset e-mail: a redirect. */
export const resetPasswordLink = {
  method: 'GET',
  path: '/api/auth/reset-password/:token',
  params: ResetLinkParams,
  query: ResetLinkQuery,
} as const satisfies Endpoint;
