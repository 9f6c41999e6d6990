import { AddPasskeyInput, Passkey } from '../../schemas/passkeys.ts';
import type { Endpoint } from '../endpoint.ts';

export const addPasskey = {
  method: 'POST',
  path: '/api/me/passkeys',
  body: AddPasskeyInput,
  response: Passkey,
  status: 201,
} as const satisfies Endpoint;
