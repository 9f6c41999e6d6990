import type {
  AdminAuditPage,
  AdminContactMessage,
  AdminFailedMail,
  AdminOperations,
  AdminReport,
  AdminUser,
  AdminUserPage,
  PlanId,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { JobRunStore } from '../../infra/jobs/runs.ts';
import { type FailedMail, listFailedMail, outboxHealth, retryFailedMail } from '../../infra/mail/outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createAccountAdministration } from '../account/service.ts';
import type { createContactService } from '../contact/service.ts';
import type { SharingService } from '../sharing/service.ts';
import { type AdminActor, recordAudit, type UserActions } from './actions.ts';
import { createAuditRepository } from './audit-repository.ts';
import { type AdminUserRow, createUserDirectoryRepository } from './repository.ts';

type Page = { page: number; pageSize: number };
const FAILED_MAIL_SHOWN = 50;

/** An administrator in the admin area; the CLI's actor is built in service.ts. */
export type AdminAreaActor = Extract<AdminActor, { kind: 'admin' }>;

/**
 * The admin area (ADR 034). Authorization is the route's single guard (administrators only, 404 to anyone else);
 * every method that changes something takes the acting admin and writes the audit row in the change's transaction.
 * User actions are the CLI's own (actions.ts); reports and contact messages are their modules', reached through
 * their services.
 */
export function createAdminAreaService(deps: {
  db: Db;
  clock: Clock;
  users: UserActions;
  sharing: SharingService;
  contact: ReturnType<typeof createContactService>;
  jobRuns: JobRunStore;
  /** This instance's cached sessions of a user are forgotten at once (ADR 047), as `users` does for its actions. */
  onUserChanged?: (userId: string) => void;
}) {
  const { db, clock } = deps;
  const directory = createUserDirectoryRepository(db);

  async function userById(id: string): Promise<AdminUser> {
    const row = await directory.findById(id);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return adminUser(row);
  }

  /** An admin cannot lock themselves out from the page (the CLI can still do anything). */
  function refuseSelf(actor: AdminAreaActor, userId: string, what: string) {
    if (actor.userId === userId) throw new AppError('CONFLICT', `You cannot ${what} your own account.`);
  }

  async function changed(result: { id: string } | null): Promise<AdminUser> {
    if (!result) throw new AppError('NOT_FOUND', 'User not found');
    return userById(result.id);
  }

  return {
    async users(query: { q: string } & Page): Promise<AdminUserPage> {
      const { items, total } = await directory.search(query.q, query.page * query.pageSize, query.pageSize);
      return { items: items.map(adminUser), total };
    },

    async setDisabled(actor: AdminAreaActor, userId: string, isDisabled: boolean): Promise<AdminUser> {
      if (isDisabled) refuseSelf(actor, userId, 'disable');
      return changed(await deps.users.setDisabled(actor, { id: userId }, isDisabled));
    },

    async setRole(actor: AdminAreaActor, userId: string, role: 'user' | 'admin'): Promise<AdminUser> {
      if (role === 'user') refuseSelf(actor, userId, 'remove the administrator role from');
      return changed(await deps.users.setRole(actor, { id: userId }, role));
    },

    async setPlan(actor: AdminAreaActor, userId: string, plan: PlanId): Promise<AdminUser> {
      return changed(await deps.users.setPlan(actor, { id: userId }, plan));
    },

    reports: (query: { status: 'open' | 'resolved' | 'all' } & Page) =>
      deps.sharing.reportPage(query.status, query.page * query.pageSize, query.pageSize),

    async dismissReport(actor: AdminAreaActor, reportId: string): Promise<AdminReport> {
      await db.transaction(async (tx) => {
        const resolved = await deps.sharing.resolveReport(tx, reportId, 'dismissed', actor.userId);
        await recordAudit(tx, clock, actor, 'report.dismiss', `report ${reportId}`, {
          reportId,
          shareId: resolved.shareId,
        });
      });
      return deps.sharing.adminReport(reportId);
    },

    async revokeReportedShare(actor: AdminAreaActor, reportId: string): Promise<AdminReport> {
      await db.transaction(async (tx) => {
        const resolved = await deps.sharing.resolveReport(tx, reportId, 'share_revoked', actor.userId);
        await recordAudit(tx, clock, actor, 'report.revoke_share', `share ${resolved.shareId}`, {
          reportId,
          shareId: resolved.shareId,
          senderEmail: resolved.sender.email,
          wasActive: resolved.wasRevoked,
        });
      });
      return deps.sharing.adminReport(reportId);
    },

    /** Closes the report and disables its sender (signed out everywhere), in one transaction with the audit row. */
    async disableReportedSender(actor: AdminAreaActor, reportId: string): Promise<AdminReport> {
      const senderId = await db.transaction(async (tx) => {
        const resolved = await deps.sharing.resolveReport(tx, reportId, 'sender_disabled', actor.userId);
        refuseSelf(actor, resolved.sender.id, 'disable');
        await createAccountAdministration(tx).setDisabled(resolved.sender.email, true);
        await recordAudit(tx, clock, actor, 'report.disable_sender', resolved.sender.email, {
          reportId,
          shareId: resolved.shareId,
          userId: resolved.sender.id,
        });
        return resolved.sender.id;
      });
      // Committed: this instance stops serving the sender's cached sessions now; other instances hear it on the
      // live channel, which could arrive after the sender's next request here.
      deps.onUserChanged?.(senderId);
      return deps.sharing.adminReport(reportId);
    },

    contact: (query: { status: 'open' | 'handled' | 'all' } & Page) =>
      deps.contact.page(query.status, query.page * query.pageSize, query.pageSize),

    /** Marking a handled message again changes nothing and writes no audit row. */
    async markContactHandled(actor: AdminAreaActor, messageId: string): Promise<AdminContactMessage> {
      return db.transaction(async (tx) => {
        const { message, wasOpen } = await deps.contact.markHandled(tx, messageId, actor.userId);
        if (wasOpen) {
          await recordAudit(tx, clock, actor, 'contact.mark_handled', message.email, {
            messageId,
            subject: message.subject,
          });
        }
        return message;
      });
    },

    async operations(): Promise<AdminOperations> {
      const [outbox, failed, jobs] = await Promise.all([
        outboxHealth(db, clock.now()),
        listFailedMail(db, FAILED_MAIL_SHOWN),
        deps.jobRuns.list(),
      ]);
      return {
        outbox: { ...outbox, oldestQueuedAt: outbox.oldestQueuedAt?.toISOString() ?? null },
        failedMail: failed.map(adminFailedMail),
        jobs: jobs.map((job) => ({
          name: job.name,
          lastStartedAt: job.lastStartedAt?.toISOString() ?? null,
          lastSucceededAt: job.lastSucceededAt?.toISOString() ?? null,
          lastError: job.lastError,
          lastErrorAt: job.lastErrorAt?.toISOString() ?? null,
        })),
      };
    },

    /** Queues a failed message again with a fresh set of attempts; the delivery job sends it within seconds. */
    async retryMail(actor: AdminAreaActor, mailId: string): Promise<AdminFailedMail> {
      return db.transaction(async (tx) => {
        const result = await retryFailedMail(tx, mailId, clock.now());
        if ('refused' in result) {
          if (result.refused === 'not_found') throw new AppError('NOT_FOUND', 'Message not found');
          throw new AppError(
            'CONFLICT',
            result.refused === 'forgotten'
              ? 'This message can no longer be sent: its content was erased after the keep period.'
              : 'Only a failed message can be sent again.',
          );
        }
        await recordAudit(tx, clock, actor, 'mail.retry', result.mail.to, {
          mailId,
          template: result.mail.template,
        });
        return adminFailedMail(result.mail);
      });
    },

    async audit(query: Page): Promise<AdminAuditPage> {
      const { items, total } = await createAuditRepository(db).page(
        query.page * query.pageSize,
        query.pageSize,
      );
      return {
        items: items.map((row) => ({
          id: row.id,
          actor: row.actor,
          action: row.action,
          target: row.target,
          details: row.details,
          at: row.at.toISOString(),
        })),
        total,
      };
    },
  };
}

export type AdminAreaService = ReturnType<typeof createAdminAreaService>;

function adminUser(row: AdminUserRow): AdminUser {
  const state = row.banned
    ? 'disabled'
    : row.deletionScheduledFor
      ? 'deletion_scheduled'
      : row.emailVerified
        ? 'active'
        : 'unconfirmed';
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    plan: (row.planId ?? 'free') as PlanId,
    state,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

function adminFailedMail(mail: FailedMail): AdminFailedMail {
  return { ...mail, createdAt: mail.createdAt.toISOString() };
}
