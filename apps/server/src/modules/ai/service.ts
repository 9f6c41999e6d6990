import {
  AI_MESSAGES,
  type AiInsights,
  type AiStatus,
  type ConversationKind,
  ENTRY_LIMITS,
  type EnhanceTextResponse,
  type InsightsPeriodDays,
  localDate,
  type PrivateChatContext,
  type PrivateInsightsEntry,
  type PrivateSwitchMode,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import { enhancePrompt } from '../../infra/ai/prompts/enhance.ts';
import { reflectionPrompt } from '../../infra/ai/prompts/reflection.ts';
import { type AiProvider, AiProviderError } from '../../infra/ai/provider.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { EntriesService } from '../entries/service.ts';
import type { FutureMessagesService } from '../future-messages/service.ts';
import type { PlansService } from '../plans/service.ts';
import type { SendingLimits } from '../sending-limits/service.ts';
import { AI_CONTEXT, toContext } from './ai-context.ts';
import { createAiChats } from './chats.ts';
import { createAiConsents } from './consents.ts';
import { createAiConversations } from './conversations.ts';
import { createConversationConversion } from './conversion.ts';
import { localInsights, moodSummary, periodOf } from './insights.ts';
import { createAiRepository } from './repository.ts';
import { createSealedTurns } from './sealed-turns.ts';
import { createAiUsage } from './usage.ts';

/** A safe-to-log account of a provider failure: never the prompt, the draft or the reply. */
export type AiLog = { warn(details: Record<string, unknown>, message: string): void };

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
  /** Whether the account is in private mode (or switching off): its AI features ask for consent (ADR 104). */
  isPrivate: (userId: string) => Promise<boolean>;
  /** Where the account stands in the switch (ADR 097): which way its conversations may be turned. */
  mode: (userId: string) => Promise<PrivateSwitchMode>;
}) {
  const { provider, plans, entries, futureMessages, keys, moderator, limits, clock, log, isPrivate } = deps;
  const repository = createAiRepository(deps.db);
  const usage = createAiUsage({ plans, repository, clock });
  const { limitsOf, remainingOf, spend } = usage;
  const consents = createAiConsents({ db: deps.db, clock, providerHost: provider?.host ?? null, isPrivate });

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

  const chats = createAiChats({
    repository,
    usage,
    entries,
    futureMessages,
    keys,
    moderator,
    clock,
    requireProvider,
    providerFailed,
  });

  const conversations = createAiConversations({ repository, keys });

  return {
    consents,
    ...conversations,
    conversion: createConversationConversion({ db: deps.db, keys, conversations, mode: deps.mode }),
    ...createSealedTurns({ repository, clock, isPrivate }),

    /**
     * A chat turn: a private account's only with its consent, reading what its browser sent (ADR 104); a standard
     * account's reading its journal here, as before (ADR 031).
     */
    async prepareChat(
      user: SessionUser,
      kind: ConversationKind,
      input: { conversationId?: string; message: string; context?: PrivateChatContext },
    ) {
      requireProvider();
      const isPrivateAccount = await consents.gate(user, kind);
      const context = isPrivateAccount ? (input.context ?? { entries: [], letters: [], history: [] }) : null;
      return chats.prepareChat(
        user,
        kind,
        { conversationId: input.conversationId, message: input.message },
        context,
      );
    },

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
      await consents.gate(user, 'assist');
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
    async insights(
      user: SessionUser,
      days: InsightsPeriodDays,
      sent?: PrivateInsightsEntry[],
    ): Promise<AiInsights> {
      const today = localDate(clock.now(), user.timezone);
      const period = periodOf(today, days);
      // A private account's entries are those its browser decrypted and sent, read here in memory only (ADR 104).
      const readable = (
        (await consents.gate(user, 'insights'))
          ? (sent ?? []).map((entry) => ({ ...entry, createdAt: new Date(entry.createdAt) }))
          : await entries.readableSince(user.id, period.from, AI_CONTEXT.insightsEntries)
      ).filter((entry) => entry.date >= period.from && entry.date <= period.to);
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
  };
}

export type AiService = ReturnType<typeof createAiService>;
