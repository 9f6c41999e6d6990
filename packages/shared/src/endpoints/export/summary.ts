import { ExportSummary } from '../../schemas/export.ts';
import { ExportQuery } from '../../schemas/export-query.ts';
import type { Endpoint } from '../endpoint.ts';

export const summary = {
  method: 'GET',
  path: '/api/export/summary',
  query: ExportQuery,
  response: ExportSummary,
} as const satisfies Endpoint;
