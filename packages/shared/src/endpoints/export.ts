import { ExportSummary } from '../schemas/export.ts';
import { ExportQuery } from '../schemas/export-query.ts';
import { SealedExportPage, SealedExportQuery } from '../schemas/sealed-export.ts';
import type { Endpoint } from './endpoint.ts';

/** The export module's operations (apps/server/src/modules/export). */

export const summary = {
  method: 'GET',
  path: '/api/export/summary',
  query: ExportQuery,
  response: ExportSummary,
} as const satisfies Endpoint;

/** A private account's entries as stored (sealed), a page at a time, for the archive its browser builds. */
export const sealed = {
  method: 'GET',
  path: '/api/export/sealed',
  query: SealedExportQuery,
  response: SealedExportPage,
} as const satisfies Endpoint;

/** The archive, a .zip streamed as it is made. */
export const archive = {
  method: 'GET',
  path: '/api/export/archive',
  query: ExportQuery,
} as const satisfies Endpoint;
