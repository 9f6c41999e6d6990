import { Passkey, RenamePasskeyInput } from '../../schemas/passkeys.ts';
import type { Endpoint } from '../endpoint.ts';
import { Id } from './params.ts';

export const renamePasskey = {
  method: 'PATCH',
  path: '/api/me/passkeys/:id',
  params: Id,
  body: RenamePasskeyInput,
  response: Passkey,
} as const satisfies Endpoint;
