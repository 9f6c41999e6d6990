import type { AdminReport } from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import { AppError } from '../../lib/errors.ts';
import type { SharingContext } from './context.ts';
import type { createSharingRepository } from './repository.ts';
import type { SealedShares } from './sealed-shares.ts';
import { effectiveStatus } from './share-rules.ts';

/*
 * The admin area's half of sharing (ADR 034): the queue of reports about shared reflections and their resolution.
 * The recipient files a report (recipient.ts); only the admin area reads them.
 */
export function createShareReportService(ctx: SharingContext, sealed: SealedShares) {
  const { clock, repository } = ctx;

  return {
    /** The admin area's report queue (ADR 034): reason, details, dates, the share's state and its sender. */
    async reportPage(status: 'open' | 'resolved' | 'all', offset: number, limit: number) {
      const now = clock.now();
      const { items, total } = await repository.reportPage(status, offset, limit);
      return { items: items.map((row) => adminReport(row, now)), total };
    },

    /**
     * Closes an open report as the admin chose, inside the caller's transaction (the admin area writes its audit row
     * in it). `share_revoked` revokes the share if it is still active and tells the recipient's open tabs. Throws
     * NOT_FOUND for no such report and CONFLICT when it is already resolved. Disabling the sender is the caller's.
     */
    async resolveReport(
      tx: Executor,
      reportId: string,
      resolution: 'dismissed' | 'share_revoked' | 'sender_disabled',
      adminUserId: string | null,
    ) {
      const now = clock.now();
      const scoped = ctx.scoped(tx);
      const found = await scoped.findReport(reportId);
      if (!found) throw new AppError('NOT_FOUND', 'Report not found');
      if (!(await scoped.resolveReport(reportId, resolution, adminUserId, now))) {
        throw new AppError('CONFLICT', 'This report has already been handled.');
      }
      let wasRevoked = false;
      if (resolution === 'share_revoked') {
        const revoked = await scoped.revokeAny(found.share.id, now);
        wasRevoked = revoked !== null;
        // A sealed share's copy and wrapped keys go with it (ADR 103); its media file, opaque to the server, is
        // left to the orphan sweep, since this transaction is the caller's to commit.
        if (revoked) await sealed.dropSealed(tx, [revoked.id]);
        if (revoked?.recipientUserId) {
          await queueLiveEvent(tx, revoked.recipientUserId, { type: 'received-share', id: revoked.id });
        }
      }
      return {
        shareId: found.share.id,
        sender: { id: found.sender.id, email: found.sender.email },
        wasRevoked,
      };
    },

    async adminReport(reportId: string) {
      const found = await repository.findReport(reportId);
      if (!found) throw new AppError('NOT_FOUND', 'Report not found');
      return adminReport(found, clock.now());
    },
  };
}

type ReportRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSharingRepository>['findReport']>>>;

function adminReport(row: ReportRow, now: Date): AdminReport {
  return {
    id: row.report.id,
    reason: row.report.reason,
    details: row.report.details,
    status: row.report.status,
    createdAt: row.report.createdAt.toISOString(),
    resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
    share: { id: row.share.id, status: effectiveStatus(row.share, now) },
    sender: {
      id: row.sender.id,
      email: row.sender.email,
      name: row.sender.name,
      isDisabled: row.sender.banned,
    },
  };
}
