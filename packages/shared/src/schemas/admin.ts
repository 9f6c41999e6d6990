import { z } from 'zod';
import { PlanId } from './account.ts';
import { ContactTopic } from './contact.ts';
import { ReportReason } from './sharing.ts';

/**
 * Admin area API contract (ADR 034). Every path answers 404 to anyone who is not an administrator,
 * signed out included, exactly as an unknown path does. Lists are 0-based pages, newest first.
 *   GET  /api/admin/users?q&page&pageSize            → AdminUserPage (search by e-mail or name)
 *   POST /api/admin/users/:userId/disable | /enable   → AdminUser
 *   POST /api/admin/users/:userId/role   { role }     → AdminUser
 *   POST /api/admin/users/:userId/plan   { plan }     → AdminUser
 *   GET  /api/admin/reports?status&page&pageSize      → AdminReportPage
 *   POST /api/admin/reports/:reportId/dismiss | /revoke-share | /disable-sender → AdminReport
 *   GET  /api/admin/contact?status&page&pageSize      → AdminContactPage
 *   POST /api/admin/contact/:messageId/handled        → AdminContactMessage
 *   GET  /api/admin/operations                        → AdminOperations (outbox counts, failed mail, jobs)
 *   POST /api/admin/mail/:mailId/retry                → AdminFailedMail
 *   GET  /api/admin/audit?page&pageSize               → AdminAuditPage
 */

export const ADMIN_PAGE_SIZE = 25;

const PageQuery = {
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
};

export const AdminUserQuery = z.object({ q: z.string().trim().max(200).default(''), ...PageQuery });
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUserState = z.enum(['active', 'disabled', 'unconfirmed', 'deletion_scheduled']);
export type AdminUserState = z.infer<typeof AdminUserState>;

/** What the admin area shows of a person: never their entries, moods or anything they wrote. */
export const AdminUser = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['user', 'admin']),
    plan: PlanId,
    state: AdminUserState,
    createdAt: z.string(),
    /** The latest activity of any of their sessions; null when none is left. */
    lastSeenAt: z.string().nullable(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserPage = z
  .object({ items: z.array(AdminUser), total: z.number().int() })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof AdminUserPage>;

export const AdminUserParams = z.object({ userId: z.string().uuid() });
export const SetRoleInput = z.object({ role: z.enum(['user', 'admin']) }).meta({ id: 'SetRoleInput' });
export type SetRoleInput = z.infer<typeof SetRoleInput>;
export const SetPlanInput = z.object({ plan: PlanId }).meta({ id: 'SetPlanInput' });
export type SetPlanInput = z.infer<typeof SetPlanInput>;

export const ReportStatus = z.enum(['open', 'dismissed', 'share_revoked', 'sender_disabled']);
export type ReportStatus = z.infer<typeof ReportStatus>;

export const AdminReportQuery = z.object({
  status: z.enum(['open', 'resolved', 'all']).default('open'),
  ...PageQuery,
});
export type AdminReportQuery = z.input<typeof AdminReportQuery>;

/** A report as the queue shows it: the reason and details the reporter gave, never the shared entry's text. */
export const AdminReport = z
  .object({
    id: z.string().uuid(),
    reason: ReportReason,
    details: z.string().nullable(),
    status: ReportStatus,
    createdAt: z.string(),
    resolvedAt: z.string().nullable(),
    share: z.object({ id: z.string().uuid(), status: z.enum(['active', 'revoked', 'expired']) }),
    sender: z.object({ id: z.string().uuid(), email: z.string(), name: z.string(), isDisabled: z.boolean() }),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof AdminReport>;

export const AdminReportPage = z
  .object({ items: z.array(AdminReport), total: z.number().int() })
  .meta({ id: 'AdminReportPage' });
export type AdminReportPage = z.infer<typeof AdminReportPage>;

export const AdminReportParams = z.object({ reportId: z.string().uuid() });

export const AdminContactQuery = z.object({
  status: z.enum(['open', 'handled', 'all']).default('open'),
  ...PageQuery,
});
export type AdminContactQuery = z.input<typeof AdminContactQuery>;

export const AdminContactMessage = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string(),
    topic: ContactTopic,
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
  })
  .meta({ id: 'AdminContactMessage' });
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;

export const AdminContactPage = z
  .object({ items: z.array(AdminContactMessage), total: z.number().int() })
  .meta({ id: 'AdminContactPage' });
export type AdminContactPage = z.infer<typeof AdminContactPage>;

export const AdminContactParams = z.object({ messageId: z.string().uuid() });

/** A message the outbox gave up on: where it was going and why, never its subject or body. */
export const AdminFailedMail = z
  .object({
    id: z.string().uuid(),
    to: z.string(),
    template: z.string(),
    status: z.enum(['pending', 'sent', 'failed']),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    /** False once its content was erased (given up more than the keep period ago): it cannot be sent again. */
    canRetry: z.boolean(),
  })
  .meta({ id: 'AdminFailedMail' });
export type AdminFailedMail = z.infer<typeof AdminFailedMail>;

export const AdminJobRun = z
  .object({
    name: z.string(),
    lastStartedAt: z.string().nullable(),
    lastSucceededAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
  })
  .meta({ id: 'AdminJobRun' });
export type AdminJobRun = z.infer<typeof AdminJobRun>;

export const AdminOperations = z
  .object({
    outbox: z.object({
      queued: z.number().int(),
      /** Queued and already tried at least once (waiting for its next attempt). */
      retrying: z.number().int(),
      failed: z.number().int(),
      sentLastDay: z.number().int(),
      oldestQueuedAt: z.string().nullable(),
    }),
    failedMail: z.array(AdminFailedMail),
    jobs: z.array(AdminJobRun),
  })
  .meta({ id: 'AdminOperations' });
export type AdminOperations = z.infer<typeof AdminOperations>;

export const AdminMailParams = z.object({ mailId: z.string().uuid() });

export const AdminAuditQuery = z.object({ ...PageQuery });
export type AdminAuditQuery = z.input<typeof AdminAuditQuery>;

export const AdminAuditEntry = z
  .object({
    id: z.string().uuid(),
    actor: z.string(),
    action: z.string(),
    target: z.string(),
    details: z.record(z.string(), z.unknown()),
    at: z.string(),
  })
  .meta({ id: 'AdminAuditEntry' });
export type AdminAuditEntry = z.infer<typeof AdminAuditEntry>;

export const AdminAuditPage = z
  .object({ items: z.array(AdminAuditEntry), total: z.number().int() })
  .meta({ id: 'AdminAuditPage' });
export type AdminAuditPage = z.infer<typeof AdminAuditPage>;
