import { z } from 'zod';
import { FUTURE_MESSAGE_LIMITS } from '../constants.ts';
import { EncryptedText, Instant } from './entries.ts';

/**
 * Future messages API contract (ADR 025). Paths, all scoped to the signed-in user:
 *   POST /api/future-messages                 ScheduleFutureMessageInput → 201 FutureMessage (can_send_future_messages)
 *   GET  /api/future-messages?status&page     → FutureMessagePage (send_at ascending for pending, else newest first)
 *   GET  /api/future-messages/upcoming        → { items: FutureMessage[] } (the next 3 pending by send time)
 *   GET  /api/future-messages/:id             → FutureMessage
 *   POST /api/future-messages/:id/cancel      → FutureMessage (pending only)
 *   POST /api/dev/future-messages/process     → { processed } (test tools only: never in production, local only)
 * Subject and message are encrypted in the browser with the user's key (the title in metadata with its own IV).
 */

export const DeliveryChannel = z.enum(['email', 'in-app', 'both']);
export type DeliveryChannel = z.infer<typeof DeliveryChannel>;

export const FutureMessageStatus = z.enum(['pending', 'cancelled', 'sent', 'failed']);
export type FutureMessageStatus = z.infer<typeof FutureMessageStatus>;

export const ScheduleFutureMessageInput = z
  .object({
    /** The message body, encrypted (≤ 5,000 characters before encryption). */
    message: EncryptedText,
    /** The subject, encrypted (≤ 200 characters before encryption). */
    subject: EncryptedText,
    sendAt: Instant,
    deliveryChannel: DeliveryChannel,
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
  })
  .meta({ id: 'FutureMessage' });
export type FutureMessage = z.infer<typeof FutureMessage>;

export const FutureMessageQuery = z.object({
  status: FutureMessageStatus.optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(50).default(FUTURE_MESSAGE_LIMITS.pageSize),
});
export type FutureMessageQuery = z.input<typeof FutureMessageQuery>;

export const FutureMessagePage = z
  .object({ items: z.array(FutureMessage), total: z.number().int() })
  .meta({ id: 'FutureMessagePage' });
export type FutureMessagePage = z.infer<typeof FutureMessagePage>;
