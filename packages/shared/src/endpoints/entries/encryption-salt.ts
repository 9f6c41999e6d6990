import { SaltResponse } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const encryptionSalt = {
  method: 'GET',
  path: '/api/encryption/salt',
  response: SaltResponse,
} as const satisfies Endpoint;
