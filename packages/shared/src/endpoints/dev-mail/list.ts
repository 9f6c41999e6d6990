import { DevMailList } from '../../schemas/account.ts';
import type { Endpoint } from '../endpoint.ts';

export const list = {
  method: 'GET',
  path: '/api/dev/mail',
  response: DevMailList,
} as const satisfies Endpoint;
