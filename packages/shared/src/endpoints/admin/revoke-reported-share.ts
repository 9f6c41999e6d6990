import { AdminReport, AdminReportParams } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const revokeReportedShare = {
  method: 'POST',
  path: '/api/admin/reports/:reportId/revoke-share',
  params: AdminReportParams,
  response: AdminReport,
} as const satisfies Endpoint;
