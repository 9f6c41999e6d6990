import { AdminReport, AdminReportParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const dismissReport = {
  method: 'POST',
  path: '/api/admin/reports/:reportId/dismiss',
  params: AdminReportParams,
  response: AdminReport,
} as const satisfies Endpoint;
