import { PasskeyList } from '../../schemas/passkeys.ts';
import type { Endpoint } from '../endpoint.ts';

export const passkeys = {
  method: 'GET',
  path: '/api/me/passkeys',
  response: PasskeyList,
} as const satisfies Endpoint;
