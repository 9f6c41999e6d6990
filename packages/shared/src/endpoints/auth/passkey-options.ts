import { PasskeyOptions } from '../../schemas/passkeys.ts';
import type { Endpoint } from '../endpoint.ts';

export const passkeyOptions = {
  method: 'POST',
  path: '/api/auth/passkey/options',
  response: PasskeyOptions,
} as const satisfies Endpoint;
