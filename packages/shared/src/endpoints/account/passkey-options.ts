import { PasskeyOptions } from '../../schemas/passkeys.ts';
import type { Endpoint } from '../endpoint.ts';

export const passkeyOptions = {
  method: 'POST',
  path: '/api/me/passkeys/options',
  response: PasskeyOptions,
} as const satisfies Endpoint;
