import { ExportQuery } from '../../schemas/export-query.ts';
import type { Endpoint } from '../endpoint.ts';

/** The archive, a .zip streamed as it is made. */
export const archive = {
  method: 'GET',
  path: '/api/export/archive',
  query: ExportQuery,
} as const satisfies Endpoint;
