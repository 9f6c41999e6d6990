import {
  AI_MESSAGES,
  type ConversationKind,
  type ConversationsToConvert,
  type ConvertConversationInput,
  encryptText,
  PRIVATE_MODE_MESSAGES,
  type PrivateSwitchMode,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import { AppError } from '../../lib/errors.ts';
import type { createAiConversations } from './conversations.ts';
import { createConversionRepository } from './conversion-repository.ts';

/** Conversations handed to the browser per request while a switch runs. */
const PAGE = 20;

/**
 * The conversations' part of switching private mode on and off (ADR 104, ADR 097's run). On: the browser gets the
 * version-1 conversations opened, seals them under the conversation key and puts them back whole. Off (while the
 * account is switching off): it gets the sealed ones, opens them and sends the plain texts, which the server seals
 * under the standard key, as it does every standard conversation. Each direction only in its mode, only the owner's.
 */
export function createConversationConversion(deps: {
  db: Db;
  keys: EntryKeys;
  conversations: ReturnType<typeof createAiConversations>;
  mode: (userId: string) => Promise<PrivateSwitchMode>;
}) {
  const { keys, conversations, mode } = deps;
  const repository = createConversionRepository(deps.db);

  /** From version 1 only in private mode; from version 2 only while switching off. */
  async function requireMode(userId: string, from: 1 | 2) {
    const current = await mode(userId);
    if (from === 1 && current !== 'private')
      throw new AppError('PRIVATE_MODE_NOT_SET_UP', PRIVATE_MODE_MESSAGES.notSetUp);
    if (from === 2 && current !== 'switching-off')
      throw new AppError('CONFLICT', 'Start switching private mode off first');
  }

  return {
    async toConvert(user: SessionUser, from: 1 | 2): Promise<ConversationsToConvert> {
      await requireMode(user.id, from);
      const { rows, total } = await repository.holdingVersion(user.id, from, PAGE);
      return {
        total,
        items: await Promise.all(rows.map((row) => conversations.conversation(user, row.kind, row.id))),
      };
    },

    async convert(
      user: SessionUser,
      kind: ConversationKind,
      id: string,
      input: ConvertConversationInput,
    ): Promise<void> {
      await requireMode(user.id, input.encryptionVersion === 2 ? 1 : 2);
      let title: { ciphertext: string; iv: string };
      let messages: Array<{ id: string; ciphertext: string; iv: string }>;
      if (input.encryptionVersion === 1) {
        const key = await keys.keyFor(user.id);
        title = await encryptText(key, input.title);
        messages = await Promise.all(
          input.messages.map(async (m) => ({ id: m.id, ...(await encryptText(key, m.content)) })),
        );
      } else {
        ({ title, messages } = input);
      }
      if (!(await repository.replace(user.id, kind, id, input.encryptionVersion, title, messages)))
        throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
    },
  };
}
