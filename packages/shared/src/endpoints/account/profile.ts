import { Profile } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const profile = {
  method: 'GET',
  path: '/api/me',
  response: Profile,
} as const satisfies Endpoint;
