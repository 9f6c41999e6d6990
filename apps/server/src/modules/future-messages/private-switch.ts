/*
 * A letter sealed again when private mode is switched (ADR 097, ADR 098): on, the browser's private seal replaces
 * the readable one; off, the readable seal replaces the private one. Apart because only the switch's run in the
 * browser calls these, and each replaces a letter in place whatever its state.
 */
import {
  decryptText,
  type FutureMessage,
  PRIVATE_MODE_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type SealFutureMessagePrivatelyInput,
  type SealFutureMessageReadablyInput,
  type SessionUser,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';

import { type FutureMessagesContext, INVALID_CIPHERTEXT, toFutureMessage } from './context.ts';

export function createFutureMessageSwitch(ctx: FutureMessagesContext) {
  const { keys, repository, checkSealedSizes, ownedMessage } = ctx;

  return {
    /**
     * Switching private mode on (ADR 098): a version-1 letter, opened and sealed again in the browser under the
     * account's key, replaces the readable one in place, whatever its state (a delivered letter holds its text too).
     * Only the owner's (404 otherwise), only while the account is in private mode, only from version 1 (409).
     */
    async sealPrivately(
      user: SessionUser,
      id: string,
      input: SealFutureMessagePrivatelyInput,
    ): Promise<FutureMessage> {
      if (!(await ctx.isPrivate(user.id)))
        throw new AppError(
          'ENCRYPTION_VERSION_REFUSED',
          PRIVATE_MODE_MESSAGES.futureMessageWithoutPrivateMode,
        );
      checkSealedSizes(input);
      const row = await repository.sealPrivately(user.id, id, {
        encryptedContent: input.message.encryptedContent,
        encryptionIv: input.message.encryptionIv,
        encryptedTitle: input.subject.encryptedContent,
        titleEncryptionIv: input.subject.encryptionIv,
      });
      if (row) return toFutureMessage(row);
      await ownedMessage(user, id);
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageAlreadyPrivate);
    },

    /**
     * Switching private mode off (ADR 097, amended): a version-2 letter, opened in the browser with the account's
     * letter key and sealed again as version 1, replaces the private one in place, whatever its state. Only the
     * owner's (404 otherwise), only while switching off, only from version 2 (409). Both parts must open with the
     * server's key: one that did not would be stored as readable and fail at its delivery. Its length is not held
     * to the rules again: the words are not new, and refusing them would leave the letter under a key that goes.
     */
    async sealReadably(
      user: SessionUser,
      id: string,
      input: SealFutureMessageReadablyInput,
    ): Promise<FutureMessage> {
      await ownedMessage(user, id);
      if ((await ctx.mode(user.id)) !== 'switching-off')
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_SWITCH_MESSAGES.unsealNotSwitchingOff);
      const key = await keys.keyFor(user.id);
      try {
        await Promise.all(
          [input.subject, input.message].map((part) =>
            decryptText(key, { ciphertext: part.encryptedContent, iv: part.encryptionIv }),
          ),
        );
      } catch {
        throw new AppError('INVALID_CIPHERTEXT', INVALID_CIPHERTEXT);
      }
      const row = await repository.sealReadably(user.id, id, {
        encryptedContent: input.message.encryptedContent,
        encryptionIv: input.message.encryptionIv,
        encryptedTitle: input.subject.encryptedContent,
        titleEncryptionIv: input.subject.encryptionIv,
      });
      if (row) return toFutureMessage(row);
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MODE_MESSAGES.futureMessageAlreadyReadable);
    },
  };
}
