/*
 * The Web Push of delivered reminders (ADR 042): sent after the delivery's transaction committed, since a push
 * service is outside the database, retried a few times, and subscriptions the push service says are gone removed.
 * Apart because it is its own job, run after the delivery.
 */
import type { ReminderPushPayload } from '@daybook/shared';
import { REMINDER_DELIVERY, REMINDER_NOTIFICATION, type RemindersContext } from './context.ts';
import { createRemindersRepository } from './repository.ts';

export function createReminderPush(ctx: RemindersContext) {
  const { db, push } = ctx;

  const pushPayload = (): string =>
    JSON.stringify({
      type: 'daily-reminder',
      title: REMINDER_NOTIFICATION.title,
      body: REMINDER_NOTIFICATION.message,
      url: '/new-entry',
    } satisfies ReminderPushPayload);

  return {
    /**
     * Sends the Web Push of delivered reminders, after their transaction committed (a push service is outside the
     * database). Claimed with SKIP LOCKED, so one instance sends each; like the mail outbox it is at least once
     * (a crash between the push service's answer and the commit sends it again next run).
     */
    async sendPendingPushes(): Promise<{ sent: number; failed: number }> {
      const result = { sent: 0, failed: 0 };
      if (!push) return result;
      await db.transaction(async (tx) => {
        const txRepository = createRemindersRepository(tx, ctx.visibleEntry);
        const pending = await txRepository.claimPendingPushes(REMINDER_DELIVERY.pushBatchSize);
        const payload = pushPayload();
        for (const delivery of pending) {
          const targets = await txRepository.subscriptionsOf(delivery.userId);
          const outcomes = await Promise.all(targets.map((target) => push.send(target, payload)));
          for (const [index, outcome] of outcomes.entries()) {
            if (outcome === 'gone')
              await txRepository.removeSubscription(delivery.userId, targets[index]!.endpoint);
          }
          const attempts = delivery.pushAttempts + 1;
          if (outcomes.includes('sent') || targets.length === 0 || !outcomes.includes('failed')) {
            await txRepository.markPush(delivery.id, outcomes.includes('sent') ? 'sent' : 'failed', attempts);
            if (outcomes.includes('sent')) result.sent++;
            else result.failed++;
          } else {
            const isFinal = attempts >= REMINDER_DELIVERY.maxPushAttempts;
            await txRepository.markPush(delivery.id, isFinal ? 'failed' : 'pending', attempts);
            if (isFinal) result.failed++;
          }
        }
      });
      return result;
    },
  };
}
