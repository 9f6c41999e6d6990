/*
 * The reminder job (ADR 042): due reminders claimed a batch at a time, each day's delivery row written once, the
 * e-mails and bell notifications of a day not yet written, and every reminder moved on; and the test tool that
 * sends today's through the same path. Apart because it is what the job runner calls.
 */
import { describeWeekdays, isReminderStale, localDate, type SessionUser } from '@daybook/shared';
import { enqueueMails } from '../../infra/mail/outbox.ts';
import { dailyReminderMail } from '../../infra/mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUsers } from '../notifications/service.ts';
import { REMINDER_DELIVERY, REMINDER_NOTIFICATION, type RemindersContext } from './context.ts';
import { createRemindersRepository, type DueReminder } from './repository.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

export type ReminderRunReport = { processed: number; sent: number; alreadyWritten: number; skipped: number };

export function createReminderDelivery(ctx: RemindersContext, links: UnsubscribeLinks) {
  const { db, clock, push, repository, next } = ctx;
  const { unsubscribeUrl, oneClickUrl } = links;

  type Plan = { reminder: DueReminder; next: ReturnType<typeof next>; deliver: boolean };

  /**
   * What to do with each claimed reminder. A user whose zone changed since the time was computed gets it recomputed
   * (nothing sent at the old zone's hour); a late one (server down past the late limit) and a disabled account's are
   * skipped; the rest get their day's delivery row. Every one moves on to its next occurrence after now.
   */
  function plan(reminder: DueReminder, now: Date): Plan {
    const rule = { time: reminder.localTime, weekdays: reminder.weekdays };
    const isCurrent = reminder.timezone === reminder.nextDueZone && !reminder.isDisabled;
    return {
      reminder,
      next: next(rule, reminder.timezone, now),
      deliver: isCurrent && !isReminderStale(reminder.nextDueAt, now),
    };
  }

  function mailFor(reminder: DueReminder) {
    return {
      ...dailyReminderMail({
        name: reminder.name,
        time: reminder.localTime,
        days: describeWeekdays(reminder.weekdays),
        timeZone: reminder.timezone,
        writeUrl: `${ctx.appUrl}/new-entry`,
        profileUrl: `${ctx.appUrl}/profile#reminders`,
        unsubscribeUrl: unsubscribeUrl(reminder.userId),
      }),
      to: reminder.email,
      // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one POST with no page in between.
      headers: {
        'List-Unsubscribe': `<${oneClickUrl(reminder.userId)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /**
   * One batch, one transaction, a handful of statements whatever its size: claim due reminders (SKIP LOCKED), write
   * the days' delivery rows, then the outbox e-mails and notifications of the rows that were new, and move every
   * reminder on. They commit together or not at all, so a crash leaves the reminders due for the next run, and the
   * unique day row keeps a second instance or run from sending the same day twice.
   */
  async function deliverBatch(batchSize: number, userId?: string): Promise<ReminderRunReport> {
    return db.transaction(async (tx) => {
      const txRepository = createRemindersRepository(tx, ctx.visibleEntry);
      const now = clock.now();
      const claimed = await txRepository.claimDue(now, batchSize, userId);
      const report: ReminderRunReport = { processed: claimed.length, sent: 0, alreadyWritten: 0, skipped: 0 };
      if (claimed.length === 0) return report;
      const plans = claimed.map((reminder) => plan(reminder, now));
      const candidates = plans.filter((p) => p.deliver).map((p) => p.reminder);
      const written = await txRepository.writtenOnDays(
        candidates.map((r) => ({ userId: r.userId, localDate: r.nextDueDate })),
      );
      const isWritten = (r: DueReminder) => written.has(`${r.userId} ${r.nextDueDate}`);
      const subscribed =
        push === null
          ? new Set<string>()
          : await txRepository.usersWithSubscriptions(
              candidates.filter((r) => r.byPush && !isWritten(r)).map((r) => r.userId),
            );
      const fresh = await txRepository.insertDeliveries(
        candidates.map((r) => ({
          userId: r.userId,
          localDate: r.nextDueDate,
          dueAt: r.nextDueAt,
          outcome: isWritten(r) ? ('already-written' as const) : ('sent' as const),
          pushState: r.byPush && subscribed.has(r.userId) ? ('pending' as const) : ('none' as const),
        })),
        now,
      );
      const toSend = candidates.filter((r) => fresh.has(r.userId) && !isWritten(r));
      await enqueueMails(tx, toSend.filter((r) => r.byEmail).map(mailFor), now);
      await notifyUsers(
        tx,
        toSend
          .filter((r) => r.inApp)
          .map((r) => ({
            userId: r.userId,
            type: REMINDER_NOTIFICATION.type,
            title: REMINDER_NOTIFICATION.title,
            message: REMINDER_NOTIFICATION.message,
            metadata: { localDate: r.nextDueDate },
            createdAt: now,
          })),
      );
      await txRepository.advanceMany(
        plans.map((p) => ({ userId: p.reminder.userId, next: p.next })),
        now,
      );
      report.sent = toSend.length;
      report.alreadyWritten = candidates.filter((r) => fresh.has(r.userId) && isWritten(r)).length;
      report.skipped = claimed.length - report.sent - report.alreadyWritten;
      return report;
    });
  }

  /** Delivers due reminders, batch after batch until none is left (or the run's share is done). */
  async function deliverDue(
    options: { batchSize?: number; maxBatches?: number; userId?: string } = {},
  ): Promise<ReminderRunReport> {
    const batchSize = options.batchSize ?? REMINDER_DELIVERY.batchSize;
    const maxBatches = options.maxBatches ?? REMINDER_DELIVERY.maxBatchesPerRun;
    const total: ReminderRunReport = { processed: 0, sent: 0, alreadyWritten: 0, skipped: 0 };
    for (let i = 0; i < maxBatches; i++) {
      const report = await deliverBatch(batchSize, options.userId);
      total.processed += report.processed;
      total.sent += report.sent;
      total.alreadyWritten += report.alreadyWritten;
      total.skipped += report.skipped;
      if (report.processed < batchSize) break;
    }
    return total;
  }

  return {
    /**
     * The test tool: today's reminder of the signed-in user, now, through the same path as the job (so still once a
     * day, and not on a day already written). TEST_TOOLS only, never in production (routes.ts).
     */
    async sendNowForTest(user: SessionUser): Promise<{ sent: number }> {
      const row = await repository.find(user.id);
      if (!row?.enabled) throw new AppError('CONFLICT', 'Turn the daily reminder on first');
      const now = clock.now();
      const timezone = (await repository.timezoneOf(user.id)) ?? user.timezone;
      await repository.advance(
        user.id,
        { at: now, localDate: localDate(now, timezone), zone: timezone },
        now,
      );
      const report = await deliverDue({ userId: user.id });
      return { sent: report.sent };
    },
    deliverDue,
  };
}
