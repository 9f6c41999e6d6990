import {
  AI_MESSAGES,
  type Conversation,
  type ConversationKind,
  type ConversationList,
  decryptText,
  type SessionUser,
} from '@daybook/shared';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import { AppError } from '../../lib/errors.ts';
import type { AiRepository, ConversationRow, MessageRow } from './repository.ts';

/*
 * Reading and deleting conversations (ADR 031). A version-1 text is opened here with the owner's standard key; a
 * version-2 one, sealed in a private account's browser (ADR 104), is handed over sealed, for the browser to open.
 */
export function createAiConversations(deps: { repository: AiRepository; keys: EntryKeys }) {
  const { repository, keys } = deps;

  async function open(userId: string, sealed: { ciphertext: string; iv: string }): Promise<string> {
    try {
      return await decryptText(await keys.keyFor(userId), sealed);
    } catch {
      return '';
    }
  }

  async function titleOf(userId: string, row: ConversationRow) {
    const sealed = { ciphertext: row.encryptedTitle, iv: row.titleIv };
    return row.encryptionVersion === 2
      ? { title: '', sealedTitle: sealed }
      : { title: await open(userId, sealed) };
  }

  async function contentOf(userId: string, row: MessageRow) {
    const sealed = { ciphertext: row.ciphertext, iv: row.iv };
    return row.encryptionVersion === 2 ? { content: '', sealed } : { content: await open(userId, sealed) };
  }

  return {
    async conversations(user: SessionUser, kind: ConversationKind): Promise<ConversationList> {
      const rows = await repository.listConversations(user.id, kind);
      return {
        items: await Promise.all(
          rows.map(async ({ conversation, messageCount }) => ({
            id: conversation.id,
            kind: conversation.kind,
            ...(await titleOf(user.id, conversation)),
            messageCount,
            createdAt: conversation.createdAt.toISOString(),
            updatedAt: conversation.updatedAt.toISOString(),
          })),
        ),
      };
    },

    async conversation(user: SessionUser, kind: ConversationKind, id: string): Promise<Conversation> {
      const row = await repository.findConversation(user.id, kind, id);
      if (!row) throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
      const messages = await repository.messagesOf(user.id, id);
      return {
        id: row.id,
        kind: row.kind,
        ...(await titleOf(user.id, row)),
        messageCount: messages.length,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        messages: await Promise.all(
          messages.map(async (m) => ({
            id: m.id,
            role: m.role,
            ...(await contentOf(user.id, m)),
            status: m.status,
            createdAt: m.createdAt.toISOString(),
          })),
        ),
      };
    },

    async deleteConversation(user: SessionUser, kind: ConversationKind, id: string): Promise<void> {
      if (!(await repository.deleteConversation(user.id, kind, id)))
        throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
    },
  };
}
