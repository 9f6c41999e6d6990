import {
  AdminAuditPage,
  AdminAuditQuery,
  AdminContactMessage,
  AdminContactPage,
  AdminContactParams,
  AdminContactQuery,
  AdminFailedMail,
  AdminMailParams,
  AdminOperations,
  AdminReport,
  AdminReportPage,
  AdminReportParams,
  AdminReportQuery,
  AdminUser,
  AdminUserPage,
  AdminUserParams,
  AdminUserQuery,
  SetPlanInput,
  SetRoleInput,
} from '../schemas/admin.ts';
import type { Endpoint } from './endpoint.ts';

/** The admin module's operations (apps/server/src/modules/admin, ADR 034): 404 to anyone not an administrator. */

export const users = {
  method: 'GET',
  path: '/api/admin/users',
  query: AdminUserQuery,
  response: AdminUserPage,
} as const satisfies Endpoint;

export const disableUser = {
  method: 'POST',
  path: '/api/admin/users/:userId/disable',
  params: AdminUserParams,
  response: AdminUser,
} as const satisfies Endpoint;

export const enableUser = {
  method: 'POST',
  path: '/api/admin/users/:userId/enable',
  params: AdminUserParams,
  response: AdminUser,
} as const satisfies Endpoint;

export const setRole = {
  method: 'POST',
  path: '/api/admin/users/:userId/role',
  params: AdminUserParams,
  body: SetRoleInput,
  response: AdminUser,
} as const satisfies Endpoint;

export const setPlan = {
  method: 'POST',
  path: '/api/admin/users/:userId/plan',
  params: AdminUserParams,
  body: SetPlanInput,
  response: AdminUser,
} as const satisfies Endpoint;

export const reports = {
  method: 'GET',
  path: '/api/admin/reports',
  query: AdminReportQuery,
  response: AdminReportPage,
} as const satisfies Endpoint;

export const dismissReport = {
  method: 'POST',
  path: '/api/admin/reports/:reportId/dismiss',
  params: AdminReportParams,
  response: AdminReport,
} as const satisfies Endpoint;

export const revokeReportedShare = {
  method: 'POST',
  path: '/api/admin/reports/:reportId/revoke-share',
  params: AdminReportParams,
  response: AdminReport,
} as const satisfies Endpoint;

export const disableReportedSender = {
  method: 'POST',
  path: '/api/admin/reports/:reportId/disable-sender',
  params: AdminReportParams,
  response: AdminReport,
} as const satisfies Endpoint;

export const contact = {
  method: 'GET',
  path: '/api/admin/contact',
  query: AdminContactQuery,
  response: AdminContactPage,
} as const satisfies Endpoint;

export const markContactHandled = {
  method: 'POST',
  path: '/api/admin/contact/:messageId/handled',
  params: AdminContactParams,
  response: AdminContactMessage,
} as const satisfies Endpoint;

export const operations = {
  method: 'GET',
  path: '/api/admin/operations',
  response: AdminOperations,
} as const satisfies Endpoint;

export const retryMail = {
  method: 'POST',
  path: '/api/admin/mail/:mailId/retry',
  params: AdminMailParams,
  response: AdminFailedMail,
} as const satisfies Endpoint;

export const audit = {
  method: 'GET',
  path: '/api/admin/audit',
  query: AdminAuditQuery,
  response: AdminAuditPage,
} as const satisfies Endpoint;
