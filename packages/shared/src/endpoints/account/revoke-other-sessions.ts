import { RevokedSessions } from '../../schemas/account-security.ts';
import type { Endpoint } from '../endpoint.ts';

export const revokeOtherSessions = {
  method: 'POST',
  path: '/api/me/sessions/revoke-others',
  response: RevokedSessions,
} as const satisfies Endpoint;
