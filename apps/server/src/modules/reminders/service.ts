import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  describeWeekdays,
  isReminderStale,
  localDate,
  nextReminder,
  normaliseWeekdays,
  type PushSubscriptionInput,
  REMINDER_DEFAULTS,
  REMINDER_MESSAGES,
  REMINDER_UNSUBSCRIBE_PAGE,
  type ReminderPushPayload,
  type ReminderSettings,
  type ReminderSettingsInput,
  type SessionUser,
  type UnsubscribeResult,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import { enqueueMails } from '../../infra/mail/outbox.ts';
import { dailyReminderMail } from '../../infra/mail/templates.ts';
import type { PushSender } from '../../infra/push/web-push.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUsers } from '../notifications/service.ts';
import {
  createRemindersRepository,
  type DueReminder,
  type ReminderSettingsRow,
  type VisibleEntry,
} from './repository.ts';

/** How the reminder job works through due reminders (ADR 042). */
export const REMINDER_DELIVERY = {
  batchSize: 200,
  maxBatchesPerRun: 50,
  /** Push attempts per reminder; after the last the push is given up (the day's e-mail and bell still stand). */
  maxPushAttempts: 3,
  pushBatchSize: 50,
} as const;

/** The in-app notification: its type and title (the bell shows it; the notifications table holds nothing else). */
export const REMINDER_NOTIFICATION = {
  type: 'daily_reminder',
  title: 'A gentle reminder to write today',
  message: "You haven't written in your journal today yet.",
} as const;

export type ReminderRunReport = { processed: number; sent: number; alreadyWritten: number; skipped: number };

/** The token of the e-mail's unsubscribe link: the user id and an HMAC of it under AUTH_SECRET (ADR 042). */
const TOKEN_PURPOSE = 'daily-reminder-unsubscribe';

export function createRemindersService(deps: {
  db: Db;
  clock: Clock;
  appUrl: string;
  authSecret: string;
  push: PushSender | null;
  visibleEntry: VisibleEntry;
}) {
  const { db, clock, push } = deps;
  const repository = createRemindersRepository(db, deps.visibleEntry);

  const sign = (userId: string) =>
    createHmac('sha256', deps.authSecret).update(`${TOKEN_PURPOSE}:${userId}`).digest('base64url');

  function unsubscribeToken(userId: string): string {
    return `${Buffer.from(userId).toString('base64url')}.${sign(userId)}`;
  }

  /** The user id a token was made for, or null for anything forged, altered or malformed. */
  function readToken(token: string): string | null {
    const [encodedId, signature, ...rest] = token.split('.');
    if (!encodedId || !signature || rest.length > 0) return null;
    const userId = Buffer.from(encodedId, 'base64url').toString('utf8');
    if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
    const expected = Buffer.from(sign(userId));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
  }

  const unsubscribeUrl = (userId: string) =>
    `${deps.appUrl}${REMINDER_UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(unsubscribeToken(userId))}`;
  /** The mail client's one-click POST (RFC 8058) goes straight to the API. */
  const oneClickUrl = (userId: string) =>
    `${deps.appUrl}/api/reminders/unsubscribe/one-click?token=${encodeURIComponent(unsubscribeToken(userId))}`;

  function toSettings(row: ReminderSettingsRow | null, timezone: string): ReminderSettings {
    return {
      enabled: row?.enabled ?? false,
      time: row?.localTime ?? REMINDER_DEFAULTS.time,
      weekdays: row ? row.weekdays.map(Number) : [...REMINDER_DEFAULTS.weekdays],
      channels: { email: row?.byEmail ?? true, inApp: row?.inApp ?? true, push: row?.byPush ?? false },
      timezone,
      nextAt: row?.enabled && row.nextDueAt ? row.nextDueAt.toISOString() : null,
      push: { available: push !== null, publicKey: push?.publicKey ?? null },
    };
  }

  const next = (rule: { time: string; weekdays: readonly number[] }, zone: string, after: Date) => {
    const occurrence = nextReminder(rule, zone, after);
    return occurrence ? { ...occurrence, zone } : null;
  };

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
        writeUrl: `${deps.appUrl}/new-entry`,
        profileUrl: `${deps.appUrl}/profile#reminders`,
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
      const txRepository = createRemindersRepository(tx, deps.visibleEntry);
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

  const pushPayload = (): string =>
    JSON.stringify({
      type: 'daily-reminder',
      title: REMINDER_NOTIFICATION.title,
      body: REMINDER_NOTIFICATION.message,
      url: '/new-entry',
    } satisfies ReminderPushPayload);

  return {
    unsubscribeToken,

    async get(user: SessionUser): Promise<ReminderSettings> {
      const timezone = (await repository.timezoneOf(user.id)) ?? user.timezone;
      return toSettings(await repository.find(user.id), timezone);
    },

    async save(user: SessionUser, input: ReminderSettingsInput): Promise<ReminderSettings> {
      if (input.enabled && input.channels.push && !push) {
        throw new AppError('VALIDATION_FAILED', REMINDER_MESSAGES.pushUnavailable, {
          channels: REMINDER_MESSAGES.pushUnavailable,
        });
      }
      const now = clock.now();
      const timezone = (await repository.timezoneOf(user.id)) ?? user.timezone;
      const weekdays = normaliseWeekdays(input.weekdays);
      const upcoming = input.enabled ? next({ time: input.time, weekdays }, timezone, now) : null;
      const row = await repository.upsert({
        userId: user.id,
        enabled: input.enabled,
        localTime: input.time,
        weekdays,
        byEmail: input.channels.email,
        inApp: input.channels.inApp,
        byPush: input.channels.push,
        nextDueAt: upcoming?.at ?? null,
        nextDueDate: upcoming?.localDate ?? null,
        nextDueZone: upcoming?.zone ?? null,
        createdAt: now,
        updatedAt: now,
      });
      return toSettings(row, timezone);
    },

    async subscribePush(user: SessionUser, input: PushSubscriptionInput): Promise<void> {
      if (!push) throw new AppError('VALIDATION_FAILED', REMINDER_MESSAGES.pushUnavailable);
      if (await push.endpointProblem(input.endpoint))
        throw new AppError('VALIDATION_FAILED', REMINDER_MESSAGES.pushEndpointRefused);
      const isSaved = await repository.saveSubscription(
        user.id,
        { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth },
        clock.now(),
      );
      if (!isSaved) throw new AppError('CONFLICT', REMINDER_MESSAGES.pushEndpointTaken);
    },

    async unsubscribePush(user: SessionUser, endpoint: string): Promise<void> {
      await repository.removeSubscription(user.id, endpoint);
    },

    /** The e-mail's link: no sign-in, the signed token says whose reminders to turn off. */
    async unsubscribe(token: string): Promise<UnsubscribeResult> {
      const userId = readToken(token);
      if (!userId) throw new AppError('VALIDATION_FAILED', REMINDER_MESSAGES.invalidToken);
      await repository.disable(userId, clock.now());
      return { unsubscribed: true, message: REMINDER_MESSAGES.unsubscribed };
    },

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
      const report = await this.deliverDue({ userId: user.id });
      return { sent: report.sent };
    },

    /** Delivers due reminders, batch after batch until none is left (or the run's share is done). */
    async deliverDue(
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
    },

    /**
     * Sends the Web Push of delivered reminders, after their transaction committed (a push service is outside the
     * database). Claimed with SKIP LOCKED, so one instance sends each; like the mail outbox it is at least once
     * (a crash between the push service's answer and the commit sends it again next run).
     */
    async sendPendingPushes(): Promise<{ sent: number; failed: number }> {
      const result = { sent: 0, failed: 0 };
      if (!push) return result;
      await db.transaction(async (tx) => {
        const txRepository = createRemindersRepository(tx, deps.visibleEntry);
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

export type RemindersService = ReturnType<typeof createRemindersService>;
