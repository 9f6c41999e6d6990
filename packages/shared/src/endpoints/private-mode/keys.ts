import { PrivateKeyMaterial } from '../../schemas/private-mode.ts';
import type { Endpoint } from '../endpoint.ts';

export const keys = {
  method: 'GET',
  path: '/api/me/private-mode/keys',
  response: PrivateKeyMaterial,
} as const satisfies Endpoint;
