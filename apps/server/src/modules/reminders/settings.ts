/*
 * A person's reminder settings (docs/product: daily reminders): the time, days and channels, their push
 * subscriptions, and turning reminders off from the e-mail's link without signing in. Apart from the job, which
 * only reads what is saved here.
 */
import {
  normaliseWeekdays,
  type PushSubscriptionInput,
  REMINDER_DEFAULTS,
  REMINDER_MESSAGES,
  type ReminderSettings,
  type ReminderSettingsInput,
  type SessionUser,
  type UnsubscribeResult,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import type { RemindersContext } from './context.ts';
import type { ReminderSettingsRow } from './repository.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

export function createReminderSettings(ctx: RemindersContext, links: UnsubscribeLinks) {
  const { clock, push, repository, next } = ctx;
  const { unsubscribeToken, readToken } = links;

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
  };
}
