import { RekeyImportInput, RekeyImportResult } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const rekeyImport = {
  method: 'POST',
  path: '/api/me/private-mode/import-keys',
  body: RekeyImportInput,
  response: RekeyImportResult,
} as const satisfies Endpoint;
