import { AdminAuditPage, AdminAuditQuery } from '../../schemas/admin.ts';
import type { Endpoint } from '../endpoint.ts';

export const audit = {
  method: 'GET',
  path: '/api/admin/audit',
  query: AdminAuditQuery,
  response: AdminAuditPage,
} as const satisfies Endpoint;
