import {
  type DeliveryChannel,
  FUTURE_MESSAGE_MESSAGES,
  futureMessageTextProblems,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type ScheduleFutureMessageInput,
} from '@daybook/shared';
import { useCallback } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { isPrivateUnlocked } from '../../../lib/encryption/private-entry-key.ts';
import { useEntryCipher } from '../../../lib/encryption/use-entry-cipher.ts';
import { useSession } from '../../../lib/session/get-session.ts';
import { toast } from '../../../lib/toast.ts';
import { useScheduleMessage } from '../api.ts';
import { sealPrivateLetter } from '../letter-cipher.ts';
import { formatSendTime } from '../schedule.ts';

export type ScheduleRequest = {
  subject: string;
  message: string;
  sendAt: Date;
  deliveryChannel: DeliveryChannel;
  /**
   * Private mode only (ADR 098): the writer ticked "Include the message in the e-mail", so the letter is also sealed
   * for the server, which reads this one letter to put it in its e-mail. Ignored for a letter without an e-mail.
   */
  isIncludedInEmail?: boolean;
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
 * Seals the subject and the message in the browser, then schedules them: the server never receives either in
 * plaintext (docs/product/future-messages.md#future-letters-rules). With private mode unlocked in this session, they
 * are sealed under the account's own key as version 2 (ADR 098), held first to the text rules the server can no
 * longer check, and sealed a second time for the server only when the writer asked for the text in the e-mail.
 * Toasts the spec's answers.
 */
export function useScheduleFutureMessage(timeZone: string) {
  const { support, encrypt } = useEntryCipher();
  const userId = useSession().user?.id ?? '';
  const schedule = useScheduleMessage();

  /** The body's sealed parts: version 2 (and the ticked e-mail copy) in private mode, version 1 otherwise. */
  const seal = useCallback(
    async ({
      subject,
      message,
      deliveryChannel,
      isIncludedInEmail,
    }: ScheduleRequest): Promise<Pick<
      ScheduleFutureMessageInput,
      'subject' | 'message' | 'encryptionVersion' | 'emailCopy'
    > | null> => {
      if (!isPrivateUnlocked(userId)) {
        const [sealedSubject, sealedMessage] = await Promise.all([encrypt(subject), encrypt(message)]);
        return { subject: sealedSubject, message: sealedMessage };
      }
      const sealed = await sealPrivateLetter(userId, { subject, message });
      if (!sealed) return null;
      const hasEmail = deliveryChannel !== 'in-app';
      const emailCopy =
        hasEmail && isIncludedInEmail
          ? { subject: await encrypt(subject), message: await encrypt(message) }
          : undefined;
      return {
        ...sealed,
        encryptionVersion: PRIVATE_MODE.encryptionVersion,
        ...(emailCopy ? { emailCopy } : {}),
      };
    },
    [encrypt, userId],
  );

  const submit = useCallback(
    async (request: ScheduleRequest): Promise<ScheduleOutcome> => {
      const { subject, message, sendAt, deliveryChannel } = request;
      if (!support.isAvailable) {
        toast.error(FUTURE_MESSAGE_MESSAGES.encryptionUnavailable, { description: support.message });
        return { isScheduled: false };
      }
      // The server cannot read a private letter: the browser holds it to the rules before sealing (ADR 098).
      if (isPrivateUnlocked(userId)) {
        const problems = futureMessageTextProblems(subject, message);
        if (problems.subject || problems.message) return { isScheduled: false, fieldErrors: problems };
      }
      let sealed: Awaited<ReturnType<typeof seal>>;
      try {
        sealed = await seal(request);
      } catch (error) {
        // The key could not be had (the salt request failed, WebCrypto refused): say why, send nothing.
        const description = error instanceof Error ? error.message : undefined;
        toast.error(FUTURE_MESSAGE_MESSAGES.encryptionUnavailable, description ? { description } : undefined);
        return { isScheduled: false };
      }
      if (!sealed) {
        // Locked between the check and the sealing (signed out in another tab): the server would refuse version 1.
        toast.error(FUTURE_MESSAGE_MESSAGES.scheduleFailed, {
          description: PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey,
        });
        return { isScheduled: false };
      }
      try {
        const scheduled = await schedule.mutateAsync({
          ...sealed,
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
    [schedule, seal, support, timeZone, userId],
  );

  return { submit, support, isScheduling: schedule.isPending, isPrivate: isPrivateUnlocked(userId) };
}
