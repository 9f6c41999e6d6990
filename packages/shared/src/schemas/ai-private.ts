import { z } from 'zod';
import { AI_LIMITS, AI_READS, ENTRY_LIMITS, FUTURE_MESSAGE_LIMITS } from '../constants.ts';
import { SEALED_CONVERSATION_MAX_CHARS } from '../domain/private-conversations.ts';
import { ChatMessageInput, ChatRole, Conversation, InsightsInput } from './ai.ts';
import { IsoDay, MoodTag } from './entries.ts';
import { StoredText } from './text.ts';

/**
 * AI by consent for private accounts (ADR 104). Paths, all for the signed-in user only:
 *   GET    /api/ai/consents                     → AiConsents (whether consent is needed, the provider's host, the
 *                                                 features consented to)
 *   PUT    /api/ai/consents/:feature            GiveAiConsentInput → AiConsent (consent to the host named)
 *   DELETE /api/ai/consents/:feature            → 204 (withdrawn; a second withdrawal answers 204 too)
 *   POST   /api/ai/:kind/conversations/:id/turns  SealedTurnInput → 204 (a private account's turn, sealed in the
 *                                                 browser after the reply arrived; creates the conversation if new)
 * A private account's AI request without consent to the feature for the provider's current host answers
 * 403 AI_CONSENT_REQUIRED (details AiConsentRequiredDetails) before anything is sent to the provider or spent.
 * Its requests carry what the feature reads, decrypted in the browser (PrivateChatContext, PrivateInsightsEntry),
 * within the bounds the server uses for a standard account (AI_READS); the server forwards them and keeps none.
 */

export const AiConsentFeature = z.enum(['assist', 'insights', 'coach', 'future-self']);
export type AiConsentFeature = z.infer<typeof AiConsentFeature>;

export const AiConsent = z
  .object({
    feature: AiConsentFeature,
    /** The provider's host consented to; consent to another host does not count (ADR 104). */
    providerHost: z.string().nullable(),
    givenAt: z.string(),
  })
  .meta({ id: 'AiConsent' });
export type AiConsent = z.infer<typeof AiConsent>;

export const AiConsents = z
  .object({
    /** True for a private account: its AI features ask first (ADR 104). */
    isRequired: z.boolean(),
    providerHost: z.string().nullable(),
    items: z.array(AiConsent),
  })
  .meta({ id: 'AiConsents' });
export type AiConsents = z.infer<typeof AiConsents>;

export const GiveAiConsentInput = z
  .object({ providerHost: z.string().max(300).nullable() })
  .meta({ id: 'GiveAiConsentInput' });
export type GiveAiConsentInput = z.infer<typeof GiveAiConsentInput>;

export const AiConsentRequiredDetails = z.object({
  feature: AiConsentFeature,
  providerHost: z.string().nullable(),
});
export type AiConsentRequiredDetails = z.infer<typeof AiConsentRequiredDetails>;

/** An entry a chat reads, as the browser decrypted it: date, mood and text, nothing else. */
export const PrivateAiEntry = z.object({
  date: IsoDay,
  mood: MoodTag.nullable(),
  text: StoredText.max(ENTRY_LIMITS.maxChars),
});
export type PrivateAiEntry = z.infer<typeof PrivateAiEntry>;

/** An entry insights read: also its id and creation time, for the sentiment list and the order. */
export const PrivateInsightsEntry = PrivateAiEntry.extend({
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type PrivateInsightsEntry = z.infer<typeof PrivateInsightsEntry>;

export const PrivateAiLetter = z.object({
  sendDate: IsoDay,
  subject: StoredText.max(FUTURE_MESSAGE_LIMITS.subjectMaxChars),
  message: StoredText.max(FUTURE_MESSAGE_LIMITS.messageMaxChars),
});
export type PrivateAiLetter = z.infer<typeof PrivateAiLetter>;

export const PrivateChatTurn = z.object({
  role: ChatRole,
  content: StoredText.max(Math.max(AI_LIMITS.chatMessageMaxChars, AI_LIMITS.chatReplyMaxChars)),
});
export type PrivateChatTurn = z.infer<typeof PrivateChatTurn>;

/** What a chat turn reads, decrypted in the browser: recent entries, the next letters, the conversation's last turns. */
export const PrivateChatContext = z.object({
  entries: z.array(PrivateAiEntry).max(AI_READS.chatEntries),
  letters: z.array(PrivateAiLetter).max(AI_READS.futureMessages).default([]),
  history: z.array(PrivateChatTurn).max(AI_READS.historyMessages),
});
export type PrivateChatContext = z.infer<typeof PrivateChatContext>;

export const AiChatRequest = ChatMessageInput.extend({
  /** A private account's context (ADR 104); a standard account's server reads its own and ignores this. */
  context: PrivateChatContext.optional(),
}).meta({ id: 'AiChatRequest' });
export type AiChatRequest = z.input<typeof AiChatRequest>;

export const AiInsightsRequest = InsightsInput.extend({
  /** A private account's entries of the period, decrypted in the browser (ADR 104). */
  entries: z.array(PrivateInsightsEntry).max(AI_READS.insightsEntries).optional(),
}).meta({ id: 'AiInsightsRequest' });
export type AiInsightsRequest = z.input<typeof AiInsightsRequest>;

const sealedText = (maxChars: number) =>
  z.object({ ciphertext: z.base64().min(1).max(maxChars), iv: z.base64().length(16) });

export const SealedTurnInput = z
  .object({
    /** Required when the conversation is new: its title, sealed as field `title`. */
    title: sealedText(SEALED_CONVERSATION_MAX_CHARS.title).optional(),
    message: sealedText(SEALED_CONVERSATION_MAX_CHARS.message),
    reply: sealedText(SEALED_CONVERSATION_MAX_CHARS.reply)
      .extend({ status: z.enum(['complete', 'stopped']) })
      .nullable(),
  })
  .meta({ id: 'SealedTurnInput' });
export type SealedTurnInput = z.infer<typeof SealedTurnInput>;

/**
 * Switching private mode on or off (ADR 104, ADR 097's run): conversations still holding a text of the old version,
 * as `GET /api/ai/conversations/to-convert?from=1|2` answers them (version 1 opened by the server, version 2 sealed),
 * and one conversation turned whole by `PUT /api/ai/:kind/conversations/:id/version`.
 */
export const ConversationsToConvert = z
  .object({ total: z.number().int(), items: z.array(Conversation) })
  .meta({ id: 'ConversationsToConvert' });
export type ConversationsToConvert = z.infer<typeof ConversationsToConvert>;

export const ConvertConversationInput = z
  .discriminatedUnion('encryptionVersion', [
    z.object({
      /** Switching on: sealed in the browser under the conversation key. */
      encryptionVersion: z.literal(2),
      title: sealedText(SEALED_CONVERSATION_MAX_CHARS.title),
      messages: z.array(sealedText(SEALED_CONVERSATION_MAX_CHARS.reply).extend({ id: z.uuid() })).max(2000),
    }),
    z.object({
      /** Switching off: opened in the browser, sealed again by the server under the standard key. */
      encryptionVersion: z.literal(1),
      title: StoredText.max(AI_LIMITS.conversationTitleChars),
      messages: z
        .array(z.object({ id: z.uuid(), content: StoredText.max(AI_LIMITS.chatReplyMaxChars) }))
        .max(2000),
    }),
  ])
  .meta({ id: 'ConvertConversationInput' });
export type ConvertConversationInput = z.infer<typeof ConvertConversationInput>;
