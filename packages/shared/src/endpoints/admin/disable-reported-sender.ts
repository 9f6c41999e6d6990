import { AdminReport, AdminReportParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const disableReportedSender = {
  method: 'POST',
  path: '/api/admin/reports/:reportId/disable-sender',
  params: AdminReportParams,
  response: AdminReport,
} as const satisfies Endpoint;
