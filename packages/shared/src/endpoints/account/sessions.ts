import { SessionList } from '../../schemas/account-security.ts';
import type { Endpoint } from '../endpoint.ts';

export const sessions = {
  method: 'GET',
  path: '/api/me/sessions',
  response: SessionList,
} as const satisfies Endpoint;
