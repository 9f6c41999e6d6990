/*
 * The owner scheduling a letter and cancelling one (ADR 025, ADR 059, ADR 098): the plan, the account's version,
 * the send time, the text rules where the server may read, and the daily sending cap. Apart because these are the
 * only writes a person makes to a letter outside switching private mode.
 */
import {
  decryptText,
  ENCRYPTION,
  FUTURE_MESSAGE_LIMITS,
  FUTURE_MESSAGE_MESSAGES,
  type FutureMessage,
  type FutureMessageEmailCopy,
  futureMessageTextProblems,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type ScheduleFutureMessageInput,
  type SessionUser,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import {
  type FutureMessagesContext,
  INVALID_CIPHERTEXT,
  type StoredEmailCopy,
  toFutureMessage,
} from './context.ts';
import { EMAIL_COPY_KEY } from './repository.ts';

const NOT_PENDING = 'Only a pending message can be cancelled';

export function createFutureMessageScheduling(ctx: FutureMessagesContext) {
  const { plans, limits, keys, clock, repository, throwProblems, checkSealedSizes, ownedMessage } = ctx;

  /**
   * Reads subject and message with the user's key, in memory, to hold them to the same limits as the browser
   * (a modified client cannot store what the dialog would refuse, nor something the job could never decrypt):
   * a version-1 letter, or a private letter's e-mail copy, the one part of it the server may read.
   */
  async function checkText(user: SessionUser, sealed: FutureMessageEmailCopy): Promise<void> {
    const key = await keys.keyFor(user.id);
    const read = async (part: { encryptedContent: string; encryptionIv: string }) => {
      try {
        return await decryptText(key, { ciphertext: part.encryptedContent, iv: part.encryptionIv });
      } catch {
        throw new AppError('INVALID_CIPHERTEXT', INVALID_CIPHERTEXT);
      }
    };
    const [subject, message] = [await read(sealed.subject), await read(sealed.message)];
    throwProblems(futureMessageTextProblems(subject, message));
  }

  /**
   * The account decides the version, as for entries (ADR 094): an account in private mode schedules only letters
   * the server cannot read, any other only version 1 (a version-2 letter from an account without a key is one
   * nobody could ever open). 409 `ENCRYPTION_VERSION_REFUSED`, each with its own message.
   */
  async function requireVersion(user: SessionUser, version: number | undefined): Promise<boolean> {
    const isV2 = version === PRIVATE_MODE.encryptionVersion;
    const isAccountPrivate = await ctx.isPrivate(user.id);
    if (isV2 && !isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageWithoutPrivateMode);
    if (!isV2 && isAccountPrivate)
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey);
    return isV2;
  }

  function checkSendTime(sendAt: Date, now: Date): void {
    if (sendAt.getTime() < now.getTime() + FUTURE_MESSAGE_LIMITS.earliestAheadMs) {
      throw new AppError('VALIDATION_FAILED', FUTURE_MESSAGE_MESSAGES.tooSoon, {
        sendAt: FUTURE_MESSAGE_MESSAGES.tooSoon,
      });
    }
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + FUTURE_MESSAGE_LIMITS.latestAheadYears);
    if (sendAt.getTime() > latest.getTime()) {
      throw new AppError('VALIDATION_FAILED', FUTURE_MESSAGE_MESSAGES.tooLate, {
        sendAt: FUTURE_MESSAGE_MESSAGES.tooLate,
      });
    }
  }

  return {
    async schedule(user: SessionUser, input: ScheduleFutureMessageInput): Promise<FutureMessage> {
      const features = await plans.features(user.id);
      if (!features.can_send_future_messages)
        throw new AppError('FORBIDDEN', FUTURE_MESSAGE_MESSAGES.upgradeTooltip);
      const isV2 = await requireVersion(user, input.encryptionVersion);
      const now = clock.now();
      const sendAt = new Date(input.sendAt);
      checkSendTime(sendAt, now);
      if (isV2) {
        checkSealedSizes(input);
        // The one part of a private letter the server may read, because its writer asked: held to the rules.
        if (input.emailCopy) await checkText(user, input.emailCopy);
      } else {
        await checkText(user, input);
      }
      // Each message is an e-mail sent later: the daily cap counts it when it is scheduled (ADR 059).
      await limits.spend(user, 'futureMessages');
      const emailCopy = isV2 && input.emailCopy ? input.emailCopy : null;
      const row = await repository.insert({
        userId: user.id,
        title: null,
        content: null,
        encryptedContent: input.message.encryptedContent,
        encryptionVersion: isV2 ? PRIVATE_MODE.encryptionVersion : ENCRYPTION.version,
        metadata: {
          encryption_iv: input.message.encryptionIv,
          encrypted_title: input.subject.encryptedContent,
          title_encryption_iv: input.subject.encryptionIv,
          ...(emailCopy
            ? {
                [EMAIL_COPY_KEY]: {
                  encrypted_title: emailCopy.subject.encryptedContent,
                  title_encryption_iv: emailCopy.subject.encryptionIv,
                  encrypted_content: emailCopy.message.encryptedContent,
                  encryption_iv: emailCopy.message.encryptionIv,
                } satisfies StoredEmailCopy,
              }
            : {}),
        },
        sendAt,
        status: 'pending',
        deliveryChannel: input.deliveryChannel,
        createdAt: now,
        updatedAt: now,
      });
      return toFutureMessage(row);
    },

    async cancel(user: SessionUser, id: string): Promise<FutureMessage> {
      const row = await repository.cancel(user.id, id, clock.now());
      if (row) return toFutureMessage(row);
      // Not cancelled: someone else's or missing (404, nothing said about it), or no longer pending (409).
      await ownedMessage(user, id);
      throw new AppError('CONFLICT', NOT_PENDING);
    },
  };
}
