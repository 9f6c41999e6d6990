import { randomUUID } from 'node:crypto';
import {
  AI_LIMITS,
  AI_MESSAGES,
  type AiUses,
  CHAT_LIMITED_FEATURE,
  type ChatMessageInput,
  type ChatStreamEvent,
  type Conversation,
  type ConversationKind,
  type ConversationList,
  decryptText,
  encryptText,
  entryModerationOutcome,
  localDate,
  type SessionUser,
} from '@daybook/shared';
import { coachPrompt } from '../../infra/ai/prompts/coach.ts';
import { futureSelfPrompt } from '../../infra/ai/prompts/future-self.ts';
import { AiAborted, type AiProvider, AiProviderError, type ChatTurn } from '../../infra/ai/provider.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { EntriesService } from '../entries/service.ts';
import type { FutureMessagesService } from '../future-messages/service.ts';
import { AI_CONTEXT, toContext } from './ai-context.ts';
import type { AiRepository, MessageRow } from './repository.ts';
import type { AiUsage } from './usage.ts';

/*
 * The growth coach and the future-self chat: a turn checked whole before its stream starts, the reply streamed,
 * and the conversation stored encrypted with the user's key (ADR 031).
 */

type Emit = (event: ChatStreamEvent) => void;

/** A chat turn that passed every check and holds its use; `run` streams the reply and stores the turn. */
export type PreparedChat = {
  conversationId: string;
  remaining: AiUses;
  run(signal: AbortSignal, emit: Emit): Promise<void>;
};

export function createAiChats(deps: {
  repository: AiRepository;
  usage: AiUsage;
  entries: EntriesService;
  futureMessages: FutureMessagesService;
  keys: EntryKeys;
  moderator: TextModerator;
  clock: Clock;
  requireProvider: () => AiProvider;
  providerFailed: (feature: string, error: unknown) => AppError;
}) {
  const {
    repository,
    usage,
    entries,
    futureMessages,
    keys,
    moderator,
    clock,
    requireProvider,
    providerFailed,
  } = deps;
  const { spend, remainingOf } = usage;

  async function seal(userId: string, text: string) {
    return encryptText(await keys.keyFor(userId), text);
  }

  async function open(userId: string, sealed: { ciphertext: string; iv: string }): Promise<string> {
    try {
      return await decryptText(await keys.keyFor(userId), sealed);
    } catch {
      return '';
    }
  }

  async function historyOf(userId: string, rows: MessageRow[]): Promise<ChatTurn[]> {
    const recent = rows.slice(-AI_CONTEXT.historyMessages);
    return Promise.all(
      recent.map(async (row) => ({
        role: row.role,
        content: await open(userId, { ciphertext: row.ciphertext, iv: row.iv }),
      })),
    );
  }

  async function moderateMessage(text: string): Promise<void> {
    const verdict = await moderator.moderate(text);
    const outcome = entryModerationOutcome(verdict);
    if (outcome.action === 'block') {
      throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
        severity: verdict.severity,
        flags: verdict.flags,
        isCrisis: outcome.isCrisis,
      });
    }
  }

  return {
    /**
     * Every check of a chat turn, before any byte of the stream: provider, conversation, moderation, the use.
     * Errors here are ordinary API errors.
     */
    async prepareChat(
      user: SessionUser,
      kind: ConversationKind,
      input: ChatMessageInput,
    ): Promise<PreparedChat> {
      const ai = requireProvider();
      const message = input.message.trim();
      const existing = input.conversationId
        ? await repository.findConversation(user.id, kind, input.conversationId)
        : null;
      if (input.conversationId && !existing)
        throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
      await moderateMessage(message);
      const feature = CHAT_LIMITED_FEATURE[kind];
      const day = await spend(user, feature);
      const conversationId = existing?.id ?? randomUUID();

      return {
        conversationId,
        remaining: await remainingOf(user.id, day),
        async run(signal, emit) {
          let reply = '';
          try {
            const since = localDate(
              new Date(clock.now().getTime() - AI_CONTEXT.chatDays * 86_400_000),
              user.timezone,
            );
            const [recent, history, scheduled] = await Promise.all([
              entries.readableSince(user.id, since, AI_CONTEXT.chatEntries),
              existing
                ? repository.messagesOf(user.id, existing.id).then((rows) => historyOf(user.id, rows))
                : [],
              kind === 'future-self'
                ? futureMessages.pendingReadable(user.id, AI_CONTEXT.futureMessages)
                : [],
            ]);
            const turns =
              kind === 'coach'
                ? coachPrompt(toContext(recent), history, message)
                : futureSelfPrompt(
                    toContext(recent),
                    scheduled.map((m) => ({
                      sendDate: localDate(m.sendAt, user.timezone),
                      subject: m.subject,
                      message: m.message,
                    })),
                    history,
                    message,
                  );
            for await (const piece of ai.stream(turns, { signal, maxTokens: AI_CONTEXT.chatMaxTokens })) {
              reply += piece;
              emit({ event: 'delta', data: { text: piece } });
            }
            if (!reply.trim()) throw new AiProviderError('empty answer');
            const saved = await save('complete');
            if (!saved?.replyId) throw new AppError('NOT_FOUND', AI_MESSAGES.conversationNotFound);
            emit({ event: 'done', data: { conversationId, messageId: saved.replyId } });
          } catch (error) {
            if (error instanceof AiAborted || signal.aborted) {
              // Stopped by the user: the question and what arrived of the answer are kept; the use is spent.
              await save('stopped');
              return;
            }
            if (error instanceof AppError) {
              emit({ event: 'error', data: { code: error.code, message: error.message } });
              return;
            }
            const failed = providerFailed(kind, error);
            await repository.refundUse(user.id, feature, day);
            emit({ event: 'error', data: { code: failed.code, message: failed.message } });
          }

          async function save(status: 'complete' | 'stopped') {
            const at = clock.now();
            return repository.saveTurn({
              userId: user.id,
              kind,
              conversationId,
              isNew: !existing,
              title: await seal(user.id, message.slice(0, AI_LIMITS.conversationTitleChars)),
              message: await seal(user.id, message),
              reply: reply.trim() ? { ...(await seal(user.id, reply)), status } : null,
              at,
            });
          }
        },
      };
    },

    async conversations(user: SessionUser, kind: ConversationKind): Promise<ConversationList> {
      const rows = await repository.listConversations(user.id, kind);
      return {
        items: await Promise.all(
          rows.map(async ({ conversation, messageCount }) => ({
            id: conversation.id,
            kind: conversation.kind,
            title: await open(user.id, { ciphertext: conversation.encryptedTitle, iv: conversation.titleIv }),
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
        title: await open(user.id, { ciphertext: row.encryptedTitle, iv: row.titleIv }),
        messageCount: messages.length,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        messages: await Promise.all(
          messages.map(async (m) => ({
            id: m.id,
            role: m.role,
            content: await open(user.id, { ciphertext: m.ciphertext, iv: m.iv }),
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
