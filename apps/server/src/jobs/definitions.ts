import type { Database } from '../db/client.ts';
import { pruneRateLimits } from '../infra/http/rate-limit-store.ts';
import { deliverDueMail, forgetStaleFailedMail } from '../infra/mail/outbox.ts';
import type { MailTransport } from '../infra/mail/transport.ts';
import type { Storage } from '../infra/storage/storage.ts';
import type { Clock } from '../lib/clock.ts';
import { purgeDueAccounts } from '../modules/account/deletion.ts';
import type { BillingService } from '../modules/billing/service.ts';
import type { FutureMessagesService } from '../modules/future-messages/service.ts';
import type { ImportService } from '../modules/import/service.ts';
import { sealStoredMedia } from '../modules/media/sealing.ts';
import type { MediaService } from '../modules/media/service.ts';
import type { RemindersService } from '../modules/reminders/service.ts';
import type { SharingService } from '../modules/sharing/service.ts';
import type { JobDefinition } from './scheduler.ts';

const OUTBOX_BATCH = 50;
const OUTBOX_BATCHES_PER_RUN = 100;

export function jobDefinitions(deps: {
  database: Database;
  mail: MailTransport;
  clock: Clock;
  auditSecret: string;
  media: MediaService;
  storage: Storage;
  /** Where the sealing job copies a plain file before sealing it (DATA_DIR/tmp). */
  mediaWorkDir: string;
  sharing: SharingService;
  futureMessages: FutureMessagesService;
  reminders: RemindersService;
  imports: ImportService;
  /** Ends a purged account's subscription with the payment provider. */
  billing?: Pick<BillingService, 'cancelForPurge'>;
}): JobDefinition[] {
  return [
    {
      name: 'deliver-outbox-mail',
      everyMs: 5_000,
      // Batch after batch while full ones come back, so a burst (future messages falling due together) drains in
      // one run instead of 20 messages every 5 seconds; capped so a run never holds on for long.
      run: async () => {
        for (let batch = 0; batch < OUTBOX_BATCHES_PER_RUN; batch++) {
          const { sent, failed } = await deliverDueMail(
            deps.database.db,
            deps.mail,
            deps.clock,
            OUTBOX_BATCH,
          );
          if (sent + failed < OUTBOX_BATCH) break;
        }
      },
    },
    {
      // A message given up on keeps its content for a week so an admin can send it again (ADR 034), no longer.
      name: 'forget-failed-mail',
      everyMs: 60 * 60_000,
      run: () => forgetStaleFailedMail(deps.database.db, deps.clock),
    },
    {
      name: 'purge-deleted-accounts',
      everyMs: 60_000,
      run: () =>
        purgeDueAccounts(
          deps.database.db,
          deps.clock,
          deps.auditSecret,
          deps.storage,
          10,
          (subscriptionId) =>
            deps.billing ? deps.billing.cancelForPurge(subscriptionId) : Promise.resolve(),
        ),
    },
    {
      // docs/design.md#design-open-values: checked every minute. Claims with SKIP LOCKED, so every instance may run it (ADR 025).
      name: 'deliver-future-messages',
      everyMs: 60_000,
      run: () => deps.futureMessages.deliverDue(),
    },
    {
      // Daily reminders (ADR 042): every minute, so a reminder goes out within a minute of its local time. Claims
      // with SKIP LOCKED and a unique (user, local day) row, so any number of instances may run it.
      name: 'deliver-daily-reminders',
      everyMs: 60_000,
      run: async () => {
        await deps.reminders.deliverDue();
        await deps.reminders.sendPendingPushes();
      },
    },
    {
      // Imports as jobs (ADR 077): checked and written away from any request. Claimed with SKIP LOCKED and a lease,
      // so every instance may run it; stopping the instance hands its import on at the next batch.
      name: 'run-imports',
      everyMs: 2_000,
      run: (signal) => deps.imports.runPending(signal),
    },
    {
      name: 'sweep-imports',
      everyMs: 10 * 60_000,
      run: () => deps.imports.sweep(),
    },
    {
      name: 'remove-stale-media-drafts',
      everyMs: 10 * 60_000,
      run: () => deps.media.removeStaleDrafts(),
    },
    {
      // Idempotent on several instances at once: each removes only files that nothing refers to.
      name: 'sweep-orphan-media',
      everyMs: 60 * 60_000,
      run: () => deps.media.sweepOrphans(),
    },
    {
      // Media stored plain before ADR 081 sealed at rest. Held by one instance at a time (a lease, SKIP LOCKED);
      // a run continues until its pass is done or the scheduler stops, and the next resumes after its last file.
      name: 'seal-stored-media',
      everyMs: 10 * 60_000,
      run: (signal) =>
        sealStoredMedia(
          { db: deps.database.db, storage: deps.storage, clock: deps.clock, workDir: deps.mediaWorkDir },
          signal,
        ),
    },
    {
      // Reads treat a share past its date as expired already; this makes the row say so and tells open tabs.
      // Rows are claimed with SKIP LOCKED, so several instances never expire the same share twice.
      name: 'expire-shares',
      everyMs: 5 * 60_000,
      run: () => deps.sharing.expireDue(),
    },
    {
      name: 'prune-rate-limits',
      everyMs: 10 * 60_000,
      run: () => pruneRateLimits(deps.database),
    },
  ];
}
