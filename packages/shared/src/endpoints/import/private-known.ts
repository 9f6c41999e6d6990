import { PrivateImportCheck, PrivateImportKnown } from '../../schemas/private-import.ts';
import type { Endpoint } from '../endpoint.ts';

export const privateKnown = {
  method: 'POST',
  path: '/api/import/private/known',
  body: PrivateImportCheck,
  response: PrivateImportKnown,
} as const satisfies Endpoint;
