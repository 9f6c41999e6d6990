import { z } from 'zod';
import { isReminderTime } from '../domain/reminders.ts';

/**
 * Daily reminders API contract (ADR 042). Paths:
 *   GET    /api/reminders                     → ReminderSettings (the signed-in user's; defaults when never set)
 *   PUT    /api/reminders                     ReminderSettingsInput → ReminderSettings
 *   POST   /api/reminders/push-subscriptions  PushSubscriptionInput → 204 (this browser's Web Push subscription)
 *   DELETE /api/reminders/push-subscriptions  { endpoint } → 204
 *   POST   /api/reminders/unsubscribe         { token } → UnsubscribeResult (no sign-in: the e-mail's signed token)
 *   POST   /api/reminders/unsubscribe?token=  List-Unsubscribe=One-Click (RFC 8058, the mail client's one click)
 */

export const REMINDER_MESSAGES = {
  invalidTime: 'Choose a time such as 20:00',
  noWeekday: 'Choose at least one day',
  noChannel: 'Choose at least one way to be reminded',
  pushUnavailable: 'Push notifications are not available on this server',
  pushEndpointRefused:
    "This browser's push service can't be used. Choose e-mail or in-app reminders, or try another browser.",
  pushEndpointTaken:
    'Push notifications in this browser belong to another account. Turn them off there first, then try again.',
  invalidToken: 'This unsubscribe link is not valid. Open your profile to change your reminders.',
  saved: 'Daily reminder saved',
  unsubscribed: "You won't get daily reminders any more.",
} as const;

export const ReminderTime = z.string().refine(isReminderTime, REMINDER_MESSAGES.invalidTime);

export const ReminderChannels = z.object({
  email: z.boolean(),
  inApp: z.boolean(),
  push: z.boolean(),
});
export type ReminderChannels = z.infer<typeof ReminderChannels>;

export const ReminderSettingsInput = z
  .object({
    enabled: z.boolean(),
    /** Local wall-clock time in the user's time zone, "HH:MM". */
    time: ReminderTime,
    /** 0 = Monday … 6 = Sunday (the server drops repeats and sorts them). */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7),
    channels: ReminderChannels,
  })
  .superRefine((value, context) => {
    if (!value.enabled) return;
    if (value.weekdays.length === 0)
      context.addIssue({ code: 'custom', path: ['weekdays'], message: REMINDER_MESSAGES.noWeekday });
    if (!value.channels.email && !value.channels.inApp && !value.channels.push)
      context.addIssue({ code: 'custom', path: ['channels'], message: REMINDER_MESSAGES.noChannel });
  })
  // Not "ReminderSettingsInput": the API document names ReminderSettings' request form that.
  .meta({ id: 'SaveReminderInput' });
export type ReminderSettingsInput = z.input<typeof ReminderSettingsInput>;

export const ReminderSettings = z
  .object({
    enabled: z.boolean(),
    time: z.string(),
    weekdays: z.array(z.number().int()),
    channels: ReminderChannels,
    /** The user's time zone the time is read in (the profile's). */
    timezone: z.string(),
    /** When the next reminder falls due (ISO instant), or null when off. */
    nextAt: z.string().nullable(),
    /** Web Push can be offered: the server has VAPID keys. */
    push: z.object({ available: z.boolean(), publicKey: z.string().nullable() }),
  })
  .meta({ id: 'ReminderSettings' });
export type ReminderSettings = z.infer<typeof ReminderSettings>;

/**
 * A push service's URL: https (as browsers give them), no user name or password, no control characters (PostgreSQL
 * text holds no NUL). Whether its host is on the public internet is the server's check (it resolves the name).
 */
const PushEndpoint = z
  .url({ protocol: /^https$/ })
  .max(2048)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'Not a push endpoint')
  .refine((endpoint) => {
    // Refinements run even after the URL check failed: an unparsable value is refused here too, never thrown.
    try {
      const url = new URL(endpoint);
      return !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Not a push endpoint');
const Base64Url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'Not a base64url key');

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionInput = z
  .object({
    endpoint: PushEndpoint,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: Base64Url(200), auth: Base64Url(100) }),
  })
  .meta({ id: 'PushSubscriptionInput' });
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

export const PushEndpointInput = z.object({ endpoint: PushEndpoint });

export const UnsubscribeInput = z.object({ token: z.string().min(1).max(500) });

export const UnsubscribeResult = z.object({ unsubscribed: z.literal(true), message: z.string() });
export type UnsubscribeResult = z.infer<typeof UnsubscribeResult>;

/** The payload of a reminder's Web Push message, read by the service worker's push handler. */
export const ReminderPushPayload = z.object({
  type: z.literal('daily-reminder'),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type ReminderPushPayload = z.infer<typeof ReminderPushPayload>;

/** The page the e-mail's unsubscribe link opens (public, no sign-in). */
export const REMINDER_UNSUBSCRIBE_PAGE = '/reminders/unsubscribe';
