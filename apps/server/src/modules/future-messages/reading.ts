/*
 * The owner's reads of their letters: the list, the Future Self card's next ones, one letter, and the pending
 * letters decrypted for one future-self chat request (docs/design.md#design-ai). Apart because none of them
 * changes a letter.
 */
import {
  decryptText,
  ENCRYPTION,
  FUTURE_MESSAGE_LIMITS,
  type FutureMessage,
  type FutureMessagePage,
  type FutureMessageStatus,
  type SessionUser,
} from '@daybook/shared';

import { type FutureMessagesContext, toFutureMessage } from './context.ts';

export function createFutureMessageReading(ctx: FutureMessagesContext) {
  const { keys, repository, ownedMessage } = ctx;

  return {
    async list(
      user: SessionUser,
      query: { status?: FutureMessageStatus; encryptionVersion?: number; page: number; pageSize: number },
    ): Promise<FutureMessagePage> {
      const { rows, total } = await repository.page(user.id, {
        status: query.status,
        encryptionVersion: query.encryptionVersion,
        limit: query.pageSize,
        offset: query.page * query.pageSize,
      });
      return { items: rows.map(toFutureMessage), total };
    },

    /**
     * The owner's next pending messages, subject and message decrypted in memory for one future-self chat request
     * (docs/design.md#design-ai); the caller neither stores nor logs them. Messages that do not decrypt are left out,
     * and private letters are never read (ADR 098): the server holds no key to them.
     */
    async pendingReadable(
      userId: string,
      limit: number,
    ): Promise<{ sendAt: Date; subject: string; message: string }[]> {
      const { rows } = await repository.page(userId, {
        status: 'pending',
        encryptionVersion: ENCRYPTION.version,
        limit,
        offset: 0,
      });
      const key = await keys.keyFor(userId);
      const readable = await Promise.all(
        rows.map(async (row) => {
          const message = toFutureMessage(row);
          try {
            return {
              sendAt: row.sendAt,
              subject: await decryptText(key, {
                ciphertext: message.encryptedTitle,
                iv: message.titleEncryptionIv,
              }),
              message: await decryptText(key, {
                ciphertext: message.encryptedContent,
                iv: message.encryptionIv,
              }),
            };
          } catch {
            return null;
          }
        }),
      );
      return readable.filter((item) => item !== null);
    },

    /** The next pending ones by send time (the Future Self card). */
    async upcoming(user: SessionUser): Promise<{ items: FutureMessage[] }> {
      const { rows } = await repository.page(user.id, {
        status: 'pending',
        limit: FUTURE_MESSAGE_LIMITS.upcomingShown,
        offset: 0,
      });
      return { items: rows.map(toFutureMessage) };
    },

    async get(user: SessionUser, id: string): Promise<FutureMessage> {
      return toFutureMessage(await ownedMessage(user, id));
    },
  };
}
