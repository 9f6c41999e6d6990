import { VerifyEmailLinkQuery } from '../../schemas/auth.ts';
import type { Endpoint } from '../endpoint.ts';

/** The link of the verification e-mail: a redirect. */
export const verifyEmailLink = {
  method: 'GET',
  path: '/api/auth/verify-email',
  query: VerifyEmailLinkQuery,
} as const satisfies Endpoint;
