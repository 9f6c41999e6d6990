import { PlainImportKeysPage, PlainImportKeysQuery } from '../../schemas/private-switch.ts';
import type { Endpoint } from '../endpoint.ts';

export const plainImportKeys = {
  method: 'GET',
  path: '/api/me/private-mode/import-keys',
  query: PlainImportKeysQuery,
  response: PlainImportKeysPage,
} as const satisfies Endpoint;
