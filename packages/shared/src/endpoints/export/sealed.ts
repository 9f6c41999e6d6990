import { SealedExportPage, SealedExportQuery } from '../../schemas/sealed-export.ts';
import type { Endpoint } from '../endpoint.ts';

/** A private account's entries as stored (sealed), a page at a time, for the archive its browser builds. */
export const sealed = {
  method: 'GET',
  path: '/api/export/sealed',
  query: SealedExportQuery,
  response: SealedExportPage,
} as const satisfies Endpoint;
