import { AdminReportPage, AdminReportQuery } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const reports = {
  method: 'GET',
  path: '/api/admin/reports',
  query: AdminReportQuery,
  response: AdminReportPage,
} as const satisfies Endpoint;
