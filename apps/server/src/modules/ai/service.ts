import { randomUUID } from 'node:crypto';
import {
  AI_LIMITS,
  AI_MESSAGES,
  type AiInsights,
  type AiLimitedFeature,
  type AiStatus,
  type AiUses,
  CHAT_LIMITED_FEATURE,
  type ChatMessageInput,
  type ChatStreamEvent,
  type Conversation,
  type ConversationKind,
  type ConversationList,
  decryptText,
  ENTRY_LIMITS,
  type EnhanceTextResponse,
  encryptText,
  entryModerationOutcome,
  type InsightsPeriodDays,
  localDate,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import { coachPrompt } from '../../infra/ai/prompts/coach.ts';
import type { EntryContext } from '../../infra/ai/prompts/context.ts';
import { enhancePrompt } from '../../infra/ai/prompts/enhance.ts';
import { futureSelfPrompt } from '../../infra/ai/prompts/future-self.ts';
import { reflectionPrompt } from '../../infra/ai/prompts/reflection.ts';
import { AiAborted, type AiProvider, AiProviderError, type ChatTurn } from '../../infra/ai/provider.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { EntriesService, ReadableEntry } from '../entries/service.ts';
import type { FutureMessagesService } from '../future-messages/service.ts';
import type { PlansService } from '../plans/service.ts';
import type { SendingLimits } from '../sending-limits/service.ts';
import { localInsights, moodSummary, periodOf } from './insights.ts';
import { createAiRepository, type MessageRow, type UsageFeature } from './repository.ts';

/** How much of the user's journal one request may read (ADR 031). */
export const AI_CONTEXT = {
  /** Chats: entries of the last 30 days, at most 30 of them. */
  chatDays: 30,
  chatEntries: 30,
  /** Insights read at most this many entries of the period. */
  insightsEntries: 500,
  /** Future-self chat: the next scheduled messages. */
  futureMessages: 5,
  /** Chat history sent back to the provider: the last turns of the conversation. */
  historyMessages: 20,
  /** Tokens asked for: a reply, a reflection, an expanded entry. */
  chatMaxTokens: 800,
  reflectionMaxTokens: 400,
  enhanceMaxTokens: 1500,
} as const;

/** A safe-to-log account of a provider failure: never the prompt, the draft or the reply. */
export type AiLog = { warn(details: Record<string, unknown>, message: string): void };

type Emit = (event: ChatStreamEvent) => void;

/** A chat turn that passed every check and holds its use; `run` streams the reply and stores the turn. */
export type PreparedChat = {
  conversationId: string;
  remaining: AiUses;
  run(signal: AbortSignal, emit: Emit): Promise<void>;
};

export function createAiService(deps: {
  db: Db;
  provider: AiProvider | null;
  plans: PlansService;
  entries: EntriesService;
  futureMessages: FutureMessagesService;
  keys: EntryKeys;
  moderator: TextModerator;
  limits: SendingLimits;
  clock: Clock;
  log: AiLog;
}) {
  const { provider, plans, entries, futureMessages, keys, moderator, limits, clock, log } = deps;
  const repository = createAiRepository(deps.db);

  function requireProvider(): AiProvider {
    if (!provider) throw new AppError('AI_NOT_CONFIGURED', AI_MESSAGES.noProvider);
    return provider;
  }

  function providerFailed(feature: string, error: unknown): AppError {
    log.warn(
      { feature, reason: error instanceof AiProviderError ? error.reason : 'failed' },
      'AI provider call failed',
    );
    return new AppError('AI_PROVIDER_FAILED', AI_MESSAGES.providerFailed);
  }

  async function limitsOf(userId: string): Promise<AiUses> {
    const features = await plans.features(userId);
    return {
      insights: features.ai_insights_limit,
      coaching: features.ai_coaching_limit,
      futureChat: features.ai_future_chat_limit,
    };
  }

  async function remainingOf(userId: string, day: string, limits?: AiUses): Promise<AiUses> {
    const [limit, used] = await Promise.all([limits ?? limitsOf(userId), repository.usesOn(userId, day)]);
    const left = (f: UsageFeature) => Math.max(0, limit[f] - used[f]);
    return { insights: left('insights'), coaching: left('coaching'), futureChat: left('futureChat') };
  }

  /** Spends one use of today (the user's zone) or refuses with AI_LIMIT_REACHED; returns the day it counted on. */
  async function spend(user: SessionUser, feature: AiLimitedFeature): Promise<string> {
    const day = localDate(clock.now(), user.timezone);
    const limit = (await limitsOf(user.id))[feature];
    if (!(await repository.consumeUse(user.id, feature, day, limit))) {
      throw new AppError('AI_LIMIT_REACHED', AI_MESSAGES.limitReached(feature, limit), undefined, {
        feature,
        limit,
        remaining: 0,
      });
    }
    return day;
  }

  const toContext = (list: ReadableEntry[]): EntryContext[] =>
    list.map((entry) => ({ date: entry.date, mood: entry.mood, text: entry.text }));

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
    async status(user: SessionUser): Promise<AiStatus> {
      const day = localDate(clock.now(), user.timezone);
      const limits = await limitsOf(user.id);
      return {
        providerConfigured: provider !== null,
        providerHost: provider?.host ?? null,
        model: provider?.model ?? null,
        moderation: provider?.hasModeration ? 'provider' : 'local',
        remaining: await remainingOf(user.id, day, limits),
        limits,
        day,
      };
    },

    /**
     * AI Assist: the draft goes to the provider and the answer back; neither is stored or logged. Each call
     * spends one of the user's daily AI Assist uses, given back when the provider fails (ADR 059).
     */
    async enhance(user: SessionUser, text: string): Promise<EnhanceTextResponse> {
      const ai = requireProvider();
      const spent = await limits.spend(user, 'aiAssist');
      let enhanced: string;
      try {
        enhanced = await ai.complete(enhancePrompt(text), { maxTokens: AI_CONTEXT.enhanceMaxTokens });
      } catch (error) {
        await spent.giveBack();
        throw providerFailed('enhance', error);
      }
      return { enhancedText: enhanced.slice(0, ENTRY_LIMITS.maxChars) };
    },

    /**
     * Local statistics always; the reflection only with a provider. One insights use per request with entries and
     * a provider: the statistics alone cost nothing, and a failed reflection gives the use back (ADR 031).
     */
    async insights(user: SessionUser, days: InsightsPeriodDays): Promise<AiInsights> {
      const today = localDate(clock.now(), user.timezone);
      const period = periodOf(today, days);
      const readable = (await entries.readableSince(user.id, period.from, AI_CONTEXT.insightsEntries)).filter(
        (entry) => entry.date <= period.to,
      );
      if (readable.length === 0) {
        return {
          ...(await localInsights([], period)),
          reflection: null,
          reflectionUnavailableReason: 'no_entries',
          remaining: await remainingOf(user.id, today),
        };
      }
      if (!provider) {
        return {
          ...(await localInsights(readable, period)),
          reflection: null,
          reflectionUnavailableReason: 'no_provider',
          remaining: await remainingOf(user.id, today),
        };
      }
      const day = await spend(user, 'insights');
      const stats = await localInsights(readable, period);
      let reflection: string | null = null;
      let reason: AiInsights['reflectionUnavailableReason'] = null;
      try {
        reflection = await provider.complete(
          reflectionPrompt(toContext(readable), {
            days,
            entryCount: stats.entryCount,
            moodSummary: moodSummary(stats),
            themes: stats.themes.map((t) => t.theme),
          }),
          { maxTokens: AI_CONTEXT.reflectionMaxTokens },
        );
      } catch (error) {
        providerFailed('insights', error);
        await repository.refundUse(user.id, 'insights', day);
        reason = 'provider_failed';
      }
      return {
        ...stats,
        reflection,
        reflectionUnavailableReason: reason,
        remaining: await remainingOf(user.id, today),
      };
    },

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

export type AiService = ReturnType<typeof createAiService>;
