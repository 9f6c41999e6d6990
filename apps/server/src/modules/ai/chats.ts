import { randomUUID } from 'node:crypto';
import {
  AI_LIMITS,
  AI_MESSAGES,
  type AiUses,
  CHAT_LIMITED_FEATURE,
  type ChatMessageInput,
  type ChatStreamEvent,
  type ConversationKind,
  decryptText,
  encryptText,
  entryModerationOutcome,
  localDate,
  type PrivateChatContext,
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
 * and the conversation stored encrypted with the user's key (ADR 031). A private account's turn reads what its
 * browser decrypted and sent, and the server stores nothing of it: the browser seals the turn and stores it after
 * the reply arrived (ADR 104, sealed-turns.ts).
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

  /** A standard account's context, read and decrypted here: recent entries, the next letters, the history. */
  async function readContext(user: SessionUser, kind: ConversationKind, conversationId: string | null) {
    const since = localDate(
      new Date(clock.now().getTime() - AI_CONTEXT.chatDays * 86_400_000),
      user.timezone,
    );
    const [recent, history, scheduled] = await Promise.all([
      entries.readableSince(user.id, since, AI_CONTEXT.chatEntries),
      conversationId
        ? repository.messagesOf(user.id, conversationId).then((rows) => historyOf(user.id, rows))
        : [],
      kind === 'future-self' ? futureMessages.pendingReadable(user.id, AI_CONTEXT.futureMessages) : [],
    ]);
    return {
      recent: toContext(recent),
      history,
      letters: scheduled.map((m) => ({
        sendDate: localDate(m.sendAt, user.timezone),
        subject: m.subject,
        message: m.message,
      })),
    };
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
      privateContext: PrivateChatContext | null,
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
            const { recent, history, letters } = privateContext
              ? {
                  recent: privateContext.entries,
                  history: privateContext.history.slice(-AI_CONTEXT.historyMessages),
                  letters: privateContext.letters,
                }
              : await readContext(user, kind, existing?.id ?? null);
            const turns =
              kind === 'coach'
                ? coachPrompt(recent, history, message)
                : futureSelfPrompt(recent, letters, history, message);
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
            // A private account's browser seals and stores the turn itself; the reply's id is the one it stores.
            if (privateContext) return { replyId: randomUUID() };
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
  };
}
