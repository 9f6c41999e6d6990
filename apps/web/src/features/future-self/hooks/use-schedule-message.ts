import { type DeliveryChannel, FUTURE_MESSAGE_MESSAGES } from '@daybook/shared';
import { useCallback } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import type { SealedEntryText } from '../../../lib/encryption/entry-cipher.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { toast } from '../../../lib/toast.ts';
import { useScheduleMessage } from '../api.ts';
import { formatSendTime } from '../schedule.ts';

export type ScheduleRequest = {
  subject: string;
  message: string;
  sendAt: Date;
  deliveryChannel: DeliveryChannel;
};

export type ScheduleFieldErrors = Partial<Record<'subject' | 'message' | 'sendAt', string>>;

/** How scheduling ended: sent, or refused with messages for the fields, or failed (toasted). */
export type ScheduleOutcome =
  | { isScheduled: true }
  | { isScheduled: false; fieldErrors?: ScheduleFieldErrors };

/** The server's refusals that belong on the date and time fields rather than in a toast. */
const SEND_TIME_MESSAGES = new Set<string>([
  FUTURE_MESSAGE_MESSAGES.tooSoon,
  FUTURE_MESSAGE_MESSAGES.tooLate,
]);

/** The server's per-field refusals (the send time too soon or too late, a part too long), if that is what it was. */
function fieldErrorsOf(error: unknown): ScheduleFieldErrors | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const { subject, message, sendAt } = error.fields ?? {};
  const timeError = sendAt ?? (SEND_TIME_MESSAGES.has(error.message) ? error.message : undefined);
  const fields: ScheduleFieldErrors = {
    ...(subject ? { subject } : {}),
    ...(message ? { message } : {}),
    ...(timeError ? { sendAt: timeError } : {}),
  };
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/**
 * Seals the subject and the message with the user's key (each with its own IV, as entries are sealed),
 * then schedules them: the server never receives either in plaintext. Toasts the spec's answers (docs/product/future-letters.md#future-letters-rules).
 */
export function useScheduleFutureMessage(timeZone: string) {
  const { support, encrypt } = useEntryCipher();
  const schedule = useScheduleMessage();

  const submit = useCallback(
    async ({ subject, message, sendAt, deliveryChannel }: ScheduleRequest): Promise<ScheduleOutcome> => {
      if (!support.isAvailable) {
        toast.error(FUTURE_MESSAGE_MESSAGES.encryptionUnavailable, { description: support.message });
        return { isScheduled: false };
      }
      let sealedSubject: SealedEntryText;
      let sealedMessage: SealedEntryText;
      try {
        [sealedSubject, sealedMessage] = await Promise.all([encrypt(subject), encrypt(message)]);
      } catch (error) {
        // The key could not be had (the salt request failed, WebCrypto refused): say why, send nothing.
        const description = error instanceof Error ? error.message : undefined;
        toast.error(FUTURE_MESSAGE_MESSAGES.encryptionUnavailable, description ? { description } : undefined);
        return { isScheduled: false };
      }
      try {
        const scheduled = await schedule.mutateAsync({
          subject: sealedSubject,
          message: sealedMessage,
          sendAt: sendAt.toISOString(),
          deliveryChannel,
        });
        toast.success(FUTURE_MESSAGE_MESSAGES.scheduled(formatSendTime(scheduled.sendAt, timeZone)));
        return { isScheduled: true };
      } catch (error) {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors) return { isScheduled: false, fieldErrors };
        const description = error instanceof ApiRequestError ? error.message : undefined;
        toast.error(FUTURE_MESSAGE_MESSAGES.scheduleFailed, description ? { description } : undefined);
        return { isScheduled: false };
      }
    },
    [encrypt, schedule, support, timeZone],
  );

  return { submit, support, isScheduling: schedule.isPending };
}
