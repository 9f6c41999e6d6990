/*
 * The delivery job (ADR 025): due letters claimed a batch at a time, their e-mails queued in the outbox and their
 * notifications written in the transaction that marks them sent, so each goes exactly once. Apart because it is
 * what the job runner calls, never a person's request.
 */
import { FUTURE_MESSAGE_LIMITS } from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { enqueueMails } from '../../infra/mail/outbox.ts';
import { notifyUser } from '../notifications/service.ts';
import type { FutureMessagesContext } from './context.ts';
import { type DeliveryMail, FAILURE_REASONS, type Prepared } from './delivery-mail.ts';
import { createFutureMessagesRepository } from './repository.ts';

/** How the delivery job works through due messages (ADR 025). */
export const FUTURE_MESSAGE_DELIVERY = {
  /** Messages claimed and committed together. */
  batchSize: 100,
  /** Batches one run may take, so a backlog never holds a run for long; the next minute's run goes on. */
  maxBatchesPerRun: 50,
  /** Wait after the first failed attempt; doubles after each further one, at most an hour. */
  retryAfterSeconds: 60,
} as const;

/** The in-app notification's title: neutral, since the notifications table holds no message text. */
export const FUTURE_MESSAGE_NOTIFICATION_TITLE = 'A message from your past self';

export type DeliveryReport = { processed: number; sent: number; retrying: number; failed: number };

export function createFutureMessageDelivery(ctx: FutureMessagesContext, deliveryMail: DeliveryMail) {
  const { db, clock, faults } = ctx;
  const { prepare } = deliveryMail;

  /** The e-mails go to the outbox and the notifications are written, in the caller's transaction. */
  async function write(executor: Executor, items: Extract<Prepared, { kind: 'deliver' }>[], now: Date) {
    await enqueueMails(
      executor,
      items.flatMap((item) => (item.mail ? [item.mail] : [])),
      now,
    );
    for (const item of items) {
      if (!item.notify) continue;
      await notifyUser(executor, {
        userId: item.message.userId,
        type: 'future_email',
        title: FUTURE_MESSAGE_NOTIFICATION_TITLE,
        message: '',
        metadata: { futureMessageId: item.message.id },
        createdAt: now,
      });
    }
  }

  /**
   * One batch, one transaction: claim (SKIP LOCKED), decrypt and render in memory, queue the e-mails in the
   * outbox and write the notifications, mark the messages sent. The outbox rows, the notifications and the state
   * change commit together or not at all, so a crash at any point leaves the messages pending for the next run
   * (never lost) and nothing half-sent (never twice). The outbox job then hands the e-mails to SMTP.
   */
  async function deliverBatch(options: { userId?: string; batchSize: number }): Promise<DeliveryReport> {
    return db.transaction(async (tx) => {
      const txRepository = createFutureMessagesRepository(tx);
      const now = clock.now();
      const claimed = await txRepository.claimDue(now, {
        limit: options.batchSize,
        retryAfterSeconds: FUTURE_MESSAGE_DELIVERY.retryAfterSeconds,
        userId: options.userId,
      });
      const report: DeliveryReport = { processed: claimed.length, sent: 0, retrying: 0, failed: 0 };
      if (claimed.length === 0) return report;
      await faults?.afterClaim?.(claimed.map((m) => m.id));

      const prepared = await Promise.all(claimed.map(prepare));
      const failures = prepared.filter((p) => p.kind === 'fail');
      let delivered = prepared.filter((p) => p.kind === 'deliver');
      try {
        // The whole batch in a savepoint: one statement for the e-mails. Should it fail, each message is
        // written on its own, so that one message the database refuses cannot hold the others back.
        await tx.transaction((savepoint) => write(savepoint, delivered, now));
      } catch {
        const written: typeof delivered = [];
        for (const item of delivered) {
          try {
            await tx.transaction((savepoint) => write(savepoint, [item], now));
            written.push(item);
          } catch {
            failures.push({
              kind: 'fail',
              message: item.message,
              reason: FAILURE_REASONS.unqueueable,
              isPermanent: false,
            });
          }
        }
        delivered = written;
      }
      await faults?.afterSend?.(delivered.map((d) => d.message.id));

      await txRepository.markSent(
        delivered.map((d) => d.message.id),
        now,
      );
      report.sent = delivered.length;
      for (const failure of failures) {
        const attempts = failure.message.attempts + 1;
        const isFinal = failure.isPermanent || attempts >= FUTURE_MESSAGE_LIMITS.maxAttempts;
        await txRepository.markAttemptFailed(failure.message.id, {
          attempts,
          isFinal,
          reason: failure.reason,
          now,
        });
        if (isFinal) report.failed++;
        else report.retrying++;
      }
      return report;
    });
  }

  return {
    /**
     * Delivers due messages, batch after batch until none is left (or the run's share is done). With `userId`,
     * only that user's (the test tool). Safe on any number of instances at once. A failure that rolls a batch
     * back is rethrown without its text: a database error may quote the statement's parameters, the message.
     */
    async deliverDue(
      options: { userId?: string; batchSize?: number; maxBatches?: number } = {},
    ): Promise<DeliveryReport> {
      const batchSize = options.batchSize ?? FUTURE_MESSAGE_DELIVERY.batchSize;
      const maxBatches = options.maxBatches ?? FUTURE_MESSAGE_DELIVERY.maxBatchesPerRun;
      const total: DeliveryReport = { processed: 0, sent: 0, retrying: 0, failed: 0 };
      for (let i = 0; i < maxBatches; i++) {
        let report: DeliveryReport;
        try {
          report = await deliverBatch({ userId: options.userId, batchSize });
        } catch (error) {
          throw new DeliveryInterrupted(error);
        }
        total.processed += report.processed;
        total.sent += report.sent;
        total.retrying += report.retrying;
        total.failed += report.failed;
        if (report.processed < batchSize) break;
      }
      return total;
    },
  };
}

/** A delivery batch that was rolled back; carries the cause's kind and code, never its message or parameters. */
export class DeliveryInterrupted extends Error {
  override name = 'DeliveryInterrupted';
  readonly code: string | undefined;
  constructor(cause: unknown) {
    const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
    const code =
      inner && typeof inner === 'object' && 'code' in inner && typeof inner.code === 'string'
        ? inner.code
        : undefined;
    const kind = inner instanceof Error ? inner.name : typeof inner;
    super(`Future message delivery rolled back (${kind}${code ? ` ${code}` : ''}); it is retried next run`);
    this.code = code;
  }
}
