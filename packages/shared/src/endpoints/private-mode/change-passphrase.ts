import { ChangePassphraseInput, PrivateModeStatus } from '../../schemas/private-mode.ts';
import type { Endpoint } from '../endpoint.ts';

export const changePassphrase = {
  method: 'PUT',
  path: '/api/me/private-mode/passphrase',
  body: ChangePassphraseInput,
  response: PrivateModeStatus,
} as const satisfies Endpoint;
