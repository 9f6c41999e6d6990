import { createHmac } from 'node:crypto';
import {
  ACCOUNT_DELETION,
  type CancelDeletionResponse,
  type DeletionStatus,
  daysRemaining,
  formatDeletionDate,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { deletionCancelledMail, deletionScheduledMail } from '../../infra/mail/templates.ts';
import { filesOf, type Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { notifyUser } from '../notifications/service.ts';
import { createAccountRepository, type UserRow } from './repository.ts';

/*
 * Deleting an account: asked for, cancelled within the 30-day grace, then purged by the job with only an
 * anonymised audit row left (docs/product/accounts.md#accounts-deletion). A subscription stops renewing into an account going away.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export function deletionStatusOf(user: UserRow, now: Date): DeletionStatus {
  const scheduled = user.deletionScheduledFor;
  return {
    isScheduled: scheduled !== null,
    deletionDate: scheduled?.toISOString() ?? null,
    requestedDate: user.deletionRequestedAt?.toISOString() ?? null,
    reason: user.deletionReason,
    daysRemaining: scheduled ? daysRemaining(scheduled, now) : 0,
  };
}

/** What account deletion asks of billing (services.ts hands in the billing service, which has this shape). */
export type SubscriptionHooks = {
  onDeletionRequested(userId: string): Promise<void>;
  onDeletionCancelled(
    userId: string,
  ): Promise<{ requiresResubscribe?: boolean; subscriptionRestored?: boolean }>;
};

export function createAccountDeletion(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  /** The account's row, or the "not authenticated" refusal. */
  requireUserRow: (userId: string) => Promise<UserRow>;
  /** Billing's side of a deletion request (modules/billing): the subscription stops renewing, or resumes. */
  subscriptions?: SubscriptionHooks | undefined;
}) {
  const { db, clock, appUrl, requireUserRow, subscriptions } = deps;
  return {
    async deletionStatus(userId: string): Promise<DeletionStatus> {
      return deletionStatusOf(await requireUserRow(userId), clock.now());
    },

    async requestDeletion(userId: string, reason: string | undefined): Promise<DeletionStatus> {
      const user = await requireUserRow(userId);
      if (user.deletionScheduledFor) return deletionStatusOf(user, clock.now());
      const now = clock.now();
      const scheduledFor = new Date(now.getTime() + ACCOUNT_DELETION.graceDays * DAY_MS);
      const updated = await db.transaction(async (tx) => {
        const repository = createAccountRepository(tx);
        const row = await repository.setDeletion(userId, {
          requestedAt: now,
          scheduledFor,
          reason: reason?.trim() || null,
        });
        const dateLabel = formatDeletionDate(scheduledFor);
        await notifyUser(tx, {
          userId,
          type: 'account',
          title: 'Account deletion scheduled',
          message: `Your account will be deleted on ${dateLabel}. You can cancel until then.`,
          createdAt: now,
        });
        const mail = deletionScheduledMail(user.name, dateLabel, `${appUrl}/profile#delete-account`);
        await enqueueMail(tx, { ...mail, to: user.email }, now);
        return row!;
      });
      // A subscription must not renew into an account that is going away; a provider failure does not stop the
      // request (the purge ends the subscription at the latest).
      await subscriptions?.onDeletionRequested(userId).catch(() => undefined);
      return deletionStatusOf(updated, now);
    },

    async cancelDeletion(userId: string): Promise<CancelDeletionResponse> {
      const user = await requireUserRow(userId);
      const now = clock.now();
      if (!user.deletionScheduledFor) return { status: deletionStatusOf(user, now) };
      const updated = await db.transaction(async (tx) => {
        const repository = createAccountRepository(tx);
        const row = await repository.setDeletion(userId, {
          requestedAt: null,
          scheduledFor: null,
          reason: null,
        });
        await notifyUser(tx, {
          userId,
          type: 'account',
          title: 'Account deletion cancelled',
          message: 'Your account and data are safe.',
          createdAt: now,
        });
        await enqueueMail(
          tx,
          { ...deletionCancelledMail(user.name, `${appUrl}/dashboard`), to: user.email },
          now,
        );
        return row!;
      });
      const billing = (await subscriptions?.onDeletionCancelled(userId)) ?? {};
      return { status: deletionStatusOf(updated, now), ...billing };
    },
  };
}

/**
 * Deletes accounts whose 30-day grace period has passed, each in its own transaction; only an anonymised audit
 * row remains, and the account's media files go from storage once its rows are gone for good.
 */
export async function purgeDueAccounts(
  db: Db,
  clock: Clock,
  secret: string,
  storage?: Storage,
  batchSize = 10,
  /** Ends a payment-provider subscription at once (its id); a failure leaves the account for the next run. */
  cancelSubscription?: (subscriptionId: string) => Promise<void>,
): Promise<number> {
  let purged = 0;
  for (let i = 0; i < batchSize; i++) {
    const mediaPaths: string[] = [];
    const didPurge = await db.transaction(async (tx) => {
      const repository = createAccountRepository(tx);
      const account = await repository.claimDueDeletion(clock.now());
      if (!account) return false;
      if (account.liveSubscriptionId) await cancelSubscription?.(account.liveSubscriptionId);
      mediaPaths.push(...(await repository.mediaPathsOf(account.id)));
      const entriesDeleted = await repository.countEntries(account.id);
      await repository.eraseAccount(account);
      await repository.recordDeletionAudit({
        subjectHash: createHmac('sha256', secret).update(account.id).digest('hex'),
        requestedAt: account.deletionRequestedAt,
        purgedAt: clock.now(),
        hadSubscription: account.hasSubscription,
        entriesDeleted,
      });
      return true;
    });
    if (!didPurge) break;
    // A file that fails to delete is only an orphan, never a leak.
    // Each image's thumbnail goes with it (ADR 044).
    await Promise.all(mediaPaths.flatMap(filesOf).map((p) => storage?.remove(p).catch(() => undefined)));
    purged++;
  }
  return purged;
}
