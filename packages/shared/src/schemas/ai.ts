import { z } from 'zod';
import { AI_LIMITS, AI_MESSAGES, ENTRY_LIMITS, ENTRY_MESSAGES } from '../constants.ts';
import { canUseAiAssist } from '../domain/ai-assist.ts';
import { StoredText } from './text.ts';

/**
 * AI API contract (ADR 031). Paths, all for the signed-in user only:
 *   POST   /api/ai/enhance                           EnhanceTextInput → EnhanceTextResponse (AI Assist; no plan limit,
 *                                                    rate-limited; the draft is never stored or logged)
 *   GET    /api/ai/status                            → AiStatus (provider, remaining uses today, limits)
 *   POST   /api/ai/insights                          InsightsInput → AiInsights (one ai_insights_limit use)
 *   POST   /api/ai/:kind/messages                    ChatMessageInput → 200 text/event-stream (see CHAT STREAM below;
 *                                                    one ai_coaching_limit / ai_future_chat_limit use per message)
 *   GET    /api/ai/:kind/conversations               → ConversationList (newest first)
 *   GET    /api/ai/:kind/conversations/:id           → Conversation (history decrypted on the server for its owner)
 *   DELETE /api/ai/:kind/conversations/:id           → 204
 * where :kind is `coach` or `future-self` (ConversationKind). Another user's conversation, or one of the other kind,
 * answers 404 NOT_FOUND.
 *
 * Errors (ApiError JSON, before any stream starts):
 *   409 AI_NOT_CONFIGURED  message AI_MESSAGES.noProvider (no AI_BASE_URL on this server)
 *   502 AI_PROVIDER_FAILED message AI_MESSAGES.providerFailed (the provider failed, timed out or refused; any use is
 *                          refunded)
 *   429 AI_LIMIT_REACHED   message AI_MESSAGES.limitReached(feature, limit); details: { feature, limit, remaining: 0 }
 *   422 CONTENT_BLOCKED    a chat message the text moderation blocks (entry rules: crisis message for self-harm)
 *   400 VALIDATION_FAILED  e.g. AI_MESSAGES.tooShort for AI Assist under 10 non-blank characters
 *
 * CHAT STREAM. `POST /api/ai/:kind/messages` answers `Content-Type: text/event-stream`; each event is
 * `event: <name>\ndata: <one line of JSON>\n\n`, in this order:
 *   event: start  data: ChatStreamStart  {conversationId, remaining}        once, first
 *   event: delta  data: ChatStreamDelta  {text}                             0..n, the reply's next piece of text
 *   event: done   data: ChatStreamDone   {conversationId, messageId}        once, last, on success
 *   event: error  data: ChatStreamError  {code, message}                    instead of done, when the provider fails
 *                                                                           mid-reply: nothing of this turn is kept and
 *                                                                           the use is refunded
 * The turn (the user's message and the reply) is stored, encrypted with the user's key, when the reply is complete.
 * Stop = the client aborts the request: the server aborts the provider call, stores the user's message with the
 * reply received so far (status `stopped`, if any text arrived) and the use stays spent.
 */

/** The three per-day limits (plan flags ai_insights_limit, ai_coaching_limit, ai_future_chat_limit). */
export const AiLimitedFeature = z.enum(['insights', 'coaching', 'futureChat']);
export type AiLimitedFeature = z.infer<typeof AiLimitedFeature>;

export const AiUses = z.object({
  insights: z.number().int(),
  coaching: z.number().int(),
  futureChat: z.number().int(),
});
export type AiUses = z.infer<typeof AiUses>;

/** Details of a 429 AI_LIMIT_REACHED. */
export const AiLimitReachedDetails = z.object({
  feature: AiLimitedFeature,
  limit: z.number().int(),
  remaining: z.literal(0),
});
export type AiLimitReachedDetails = z.infer<typeof AiLimitReachedDetails>;

export const EnhanceTextInput = z
  .object({
    text: StoredText.max(ENTRY_LIMITS.maxChars, ENTRY_MESSAGES.tooLong).refine(
      canUseAiAssist,
      AI_MESSAGES.tooShort,
    ),
  })
  .meta({ id: 'EnhanceTextInput' });
export type EnhanceTextInput = z.input<typeof EnhanceTextInput>;

/** docs/product/ai.md#ai-assist: "Enhance-text response: enhancedText" — it replaces the draft (at most 5,000 characters). */
export const EnhanceTextResponse = z.object({ enhancedText: z.string() }).meta({ id: 'EnhanceTextResponse' });
export type EnhanceTextResponse = z.infer<typeof EnhanceTextResponse>;

export const AiStatus = z
  .object({
    providerConfigured: z.boolean(),
    /** The host the provider's requests go to (e.g. "api.openai.com", "127.0.0.1:11434"), or null. */
    providerHost: z.string().nullable(),
    model: z.string().nullable(),
    /** Where text moderation runs: the provider's moderation endpoint (the local classifier as fall-back) or local. */
    moderation: z.enum(['provider', 'local']),
    /** Uses left today (in the user's time zone) and the plan's daily limits. */
    remaining: AiUses,
    limits: AiUses,
    /** The user's day these counts belong to (yyyy-MM-dd in their time zone). */
    day: z.string(),
  })
  .meta({ id: 'AiStatus' });
export type AiStatus = z.infer<typeof AiStatus>;

export const InsightsPeriodDays = z.union([z.literal(7), z.literal(30), z.literal(90)]);
export type InsightsPeriodDays = z.infer<typeof InsightsPeriodDays>;

export const InsightsInput = z.object({ days: InsightsPeriodDays }).meta({ id: 'InsightsInput' });
export type InsightsInput = z.input<typeof InsightsInput>;

export const MoodPolarity = z.enum(['positive', 'neutral', 'negative']);
export type MoodPolarity = z.infer<typeof MoodPolarity>;

export const SentimentLabel = z.enum(['positive', 'neutral', 'negative']);
export type SentimentLabel = z.infer<typeof SentimentLabel>;

export const ReflectionUnavailableReason = z.enum(['no_provider', 'provider_failed', 'no_entries']);
export type ReflectionUnavailableReason = z.infer<typeof ReflectionUnavailableReason>;

/** What to show instead of the reflection. */
export const REFLECTION_UNAVAILABLE_MESSAGES: Record<ReflectionUnavailableReason, string> = {
  no_provider: AI_MESSAGES.reflectionNoProvider,
  provider_failed: AI_MESSAGES.reflectionFailed,
  no_entries: AI_MESSAGES.reflectionNoEntries,
};

export const AiInsights = z
  .object({
    /** Today and the days before it in the user's time zone: `days` days ending `to`, inclusive. */
    period: z.object({ days: InsightsPeriodDays, from: z.string(), to: z.string() }),
    /** Visible journal entries in the period (entries with text or a mood). */
    entryCount: z.number().int(),
    moodDistribution: z.object({
      /** Entries with a mood tag. */
      total: z.number().int(),
      /** Percentages rounded to 1 decimal (docs/product/dashboard.md#dashboard-moods polarity), 0 when total is 0. */
      positive: z.number(),
      neutral: z.number(),
      negative: z.number(),
      /** Count per mood tag, most used first. */
      moods: z.array(z.object({ mood: z.string(), count: z.number().int() })),
    }),
    /** One point per day of the period that has entries, oldest first. */
    moodTrend: z.array(
      z.object({
        date: z.string(),
        entryCount: z.number().int(),
        /** Mean of the day's mood tags, positive 1, neutral 0, negative −1; null without mood tags. */
        moodScore: z.number().nullable(),
        /** Mean sentiment of the day's entry texts (−1…1); null without text. */
        sentiment: z.number().nullable(),
      }),
    ),
    /** Recurring themes (hashtags and repeated noun phrases), at most 10, most frequent first. */
    themes: z.array(z.object({ theme: z.string(), count: z.number().int() })),
    /** Content words (no stop words), at most 20, most used first. */
    topWords: z.array(z.object({ word: z.string(), count: z.number().int() })),
    /** Local sentiment of each entry text (wink-nlp), oldest first. */
    sentiment: z.object({
      average: z.number().nullable(),
      positive: z.number().int(),
      neutral: z.number().int(),
      negative: z.number().int(),
      entries: z.array(
        z.object({
          entryId: z.string(),
          date: z.string(),
          score: z.number(),
          label: SentimentLabel,
        }),
      ),
    }),
    /** A short written reflection from the provider, or null with the reason (message: AI_MESSAGES.reflection*). */
    reflection: z.string().nullable(),
    reflectionUnavailableReason: ReflectionUnavailableReason.nullable(),
    /** Uses left today after this request. */
    remaining: AiUses,
  })
  .meta({ id: 'AiInsights' });
export type AiInsights = z.infer<typeof AiInsights>;

export const ConversationKind = z.enum(['coach', 'future-self']);
export type ConversationKind = z.infer<typeof ConversationKind>;

export const ChatMessageInput = z
  .object({
    /** Omit to start a new conversation. */
    conversationId: z.uuid().optional(),
    message: StoredText.trim()
      .min(1, AI_MESSAGES.messageRequired)
      .max(AI_LIMITS.chatMessageMaxChars, AI_MESSAGES.messageTooLong),
  })
  .meta({ id: 'ChatMessageInput' });
export type ChatMessageInput = z.input<typeof ChatMessageInput>;

export const ChatRole = z.enum(['user', 'assistant']);
export type ChatRole = z.infer<typeof ChatRole>;

export const ChatMessage = z
  .object({
    id: z.string(),
    role: ChatRole,
    content: z.string(),
    /** `stopped`: the user stopped the reply; content is what arrived before. */
    status: z.enum(['complete', 'stopped']),
    /**
     * A private account's message sealed in its browser (ADR 104): `content` is then empty and the browser opens
     * this with the conversation key.
     */
    sealed: z.object({ ciphertext: z.string(), iv: z.string() }).optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'ConversationMessage' });
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ConversationSummary = z
  .object({
    id: z.string(),
    kind: ConversationKind,
    /** The start of the first message (decrypted for the owner). */
    title: z.string(),
    /** A private account's title sealed in its browser (ADR 104): `title` is then empty. */
    sealedTitle: z.object({ ciphertext: z.string(), iv: z.string() }).optional(),
    messageCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationList = z
  .object({ items: z.array(ConversationSummary) })
  .meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof ConversationList>;

export const Conversation = ConversationSummary.extend({ messages: z.array(ChatMessage) }).meta({
  id: 'Conversation',
});
export type Conversation = z.infer<typeof Conversation>;

/** The events of the chat stream, by `event:` name. */
export const ChatStreamStart = z.object({ conversationId: z.string(), remaining: AiUses });
export type ChatStreamStart = z.infer<typeof ChatStreamStart>;
export const ChatStreamDelta = z.object({ text: z.string() });
export type ChatStreamDelta = z.infer<typeof ChatStreamDelta>;
export const ChatStreamDone = z.object({ conversationId: z.string(), messageId: z.string() });
export type ChatStreamDone = z.infer<typeof ChatStreamDone>;
export const ChatStreamError = z.object({ code: z.string(), message: z.string() });
export type ChatStreamError = z.infer<typeof ChatStreamError>;

export const ChatStreamEvent = z.discriminatedUnion('event', [
  z.object({ event: z.literal('start'), data: ChatStreamStart }),
  z.object({ event: z.literal('delta'), data: ChatStreamDelta }),
  z.object({ event: z.literal('done'), data: ChatStreamDone }),
  z.object({ event: z.literal('error'), data: ChatStreamError }),
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEvent>;

/** Which limit a conversation kind spends. */
export const CHAT_LIMITED_FEATURE: Record<ConversationKind, AiLimitedFeature> = {
  coach: 'coaching',
  'future-self': 'futureChat',
};
