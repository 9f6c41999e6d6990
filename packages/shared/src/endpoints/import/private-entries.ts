import { ImportId } from '../../schemas/import.ts';
import { PrivateImportUpload, PrivateImportWritten } from '../../schemas/private-import.ts';
import type { Endpoint } from '../endpoint.ts';

export const privateEntries = {
  method: 'POST',
  path: '/api/import/private/batches/:id/entries',
  params: ImportId,
  body: PrivateImportUpload,
  response: PrivateImportWritten,
} as const satisfies Endpoint;
