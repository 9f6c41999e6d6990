import { z } from 'zod';
import { ENCRYPTION, FUTURE_MESSAGE_LIMITS } from '../constants.ts';
import { PRIVATE_MODE } from '../private-mode-constants.ts';
import { EncryptedText, Instant } from './entries.ts';

/**
 * Future messages API contract (ADR 025). Paths, all scoped to the signed-in user:
 *   POST /api/future-messages                 ScheduleFutureMessageInput → 201 FutureMessage (can_send_future_messages)
 *   GET  /api/future-messages?status&page     → FutureMessagePage (send_at ascending for pending, else newest first)
 *   GET  /api/future-messages/upcoming        → { items: FutureMessage[] } (the next 3 pending by send time)
 *   GET  /api/future-messages/:id             → FutureMessage
 *   POST /api/future-messages/:id/cancel      → FutureMessage (pending only)
 *   PUT  /api/future-messages/:id/private     SealFutureMessagePrivatelyInput → FutureMessage (version 1 → 2 in
 *                                             place, while the account is in private mode: switching on, ADR 098)
 *   POST /api/dev/future-messages/process     → { processed } (test tools only: never in production, local only)
 * Subject and message are encrypted in the browser with the user's key (the title in metadata with its own IV):
 * version 1 under the key the server can derive, version 2 (private mode, ADR 098) under the account's own key.
 */

export const DeliveryChannel = z.enum(['email', 'in-app', 'both']);
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;

export const FutureMessageStatus = z.enum(['pending', 'cancelled', 'sent', 'failed']);
export type FutureMessageStatus = z.infer<typeof FutureMessageStatus>;

const LetterVersion = z
  .union([z.literal(ENCRYPTION.version), z.literal(PRIVATE_MODE.encryptionVersion)])
  .optional();

/**
 * A private letter's copy for its e-mail (ADR 098): subject and message sealed a second time, version-1 style under
 * the key the server can derive, sent only when the person ticked "Include the message in the e-mail", so that
 * the delivery job can read this one letter to put it in the e-mail. Removed once the e-mail is queued.
 */
export const FutureMessageEmailCopy = z
  .object({ subject: EncryptedText, message: EncryptedText })
  .meta({ id: 'FutureMessageEmailCopy' });
export type FutureMessageEmailCopy = z.infer<typeof FutureMessageEmailCopy>;

export const ScheduleFutureMessageInput = z
  .object({
    /** The message body, encrypted (≤ 5,000 characters before encryption). */
    message: EncryptedText,
    /** The subject, encrypted (≤ 200 characters before encryption). */
    subject: EncryptedText,
    sendAt: Instant,
    deliveryChannel: DeliveryChannel,
    /** 1 (absent) or 2, private mode's; the account decides which it may send (ADR 098). */
    encryptionVersion: LetterVersion,
    /** Only for a private letter delivered by e-mail, and only when the person asked for its text in the e-mail. */
    emailCopy: FutureMessageEmailCopy.optional(),
  })
  .superRefine((input, context) => {
    if (!input.emailCopy) return;
    if (input.encryptionVersion !== PRIVATE_MODE.encryptionVersion)
      context.addIssue({
        code: 'custom',
        path: ['emailCopy'],
        message: 'Only a private message sends a copy for its e-mail',
      });
    else if (input.deliveryChannel === 'in-app')
      context.addIssue({
        code: 'custom',
        path: ['emailCopy'],
        message: 'A message delivered in the app only has no e-mail to put its text in',
      });
  })
  .meta({ id: 'ScheduleFutureMessageInput' });
export type ScheduleFutureMessageInput = z.input<typeof ScheduleFutureMessageInput>;

export const FutureMessage = z
  .object({
    id: z.string(),
    encryptedContent: z.string(),
    encryptionIv: z.string(),
    encryptedTitle: z.string(),
    titleEncryptionIv: z.string(),
    sendAt: z.string(),
    status: FutureMessageStatus,
    deliveryChannel: DeliveryChannel,
    sentAt: z.string().nullable(),
    /** Why delivery failed, without any of the message's text. */
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    /** 1, or 2 for a private letter: subject and message open only with the account's own key (ADR 098). */
    encryptionVersion: z.number().int(),
    /** A private letter whose e-mail will hold its text (the server keeps a copy it can read until it is queued). */
    hasEmailCopy: z.boolean(),
  })
  .meta({ id: 'FutureMessage' });
export type FutureMessage = z.infer<typeof FutureMessage>;

/**
 * Switching private mode on (ADR 098): a version-1 letter's subject and message, opened in the browser and sealed
 * again under the account's own key, replace the readable ones in place. No e-mail copy: a converted letter's
 * e-mail is the notice without content, as every private letter's is unless ticked when written.
 */
export const SealFutureMessagePrivatelyInput = z
  .object({
    subject: EncryptedText,
    message: EncryptedText,
    encryptionVersion: z.literal(PRIVATE_MODE.encryptionVersion),
  })
  .meta({ id: 'SealFutureMessagePrivatelyInput' });
export type SealFutureMessagePrivatelyInput = z.infer<typeof SealFutureMessagePrivatelyInput>;

/**
 * Switching private mode off (ADR 097, amended): a private letter opened in the browser and sealed again as version
 * 1, under the key the server derives, to replace it in place.
 */
export const SealFutureMessageReadablyInput = z
  .object({
    subject: EncryptedText,
    message: EncryptedText,
    encryptionVersion: z.literal(ENCRYPTION.version),
  })
  .meta({ id: 'SealFutureMessageReadablyInput' });
export type SealFutureMessageReadablyInput = z.infer<typeof SealFutureMessageReadablyInput>;

export const FutureMessageQuery = z.object({
  status: FutureMessageStatus.optional(),
  /** Only the letters sealed with this version: 1 is what switching private mode on still has to convert. */
  encryptionVersion: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(ENCRYPTION.version), z.literal(PRIVATE_MODE.encryptionVersion)]))
    .optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(FUTURE_MESSAGE_LIMITS.pageSize),
});
export type FutureMessageQuery = z.input<typeof FutureMessageQuery>;

export const FutureMessagePage = z
  .object({ items: z.array(FutureMessage), total: z.number().int() })
  .meta({ id: 'FutureMessagePage' });
export type FutureMessagePage = z.infer<typeof FutureMessagePage>;
