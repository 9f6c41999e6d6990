/** AI features (ADR 031; docs/product/ai.md#ai-insights, docs/design.md#design-ai). */
export const AI_LIMITS = {
  /** AI Assist needs at least this many non-blank characters (docs/product/ai.md#ai-assist). */
  minNonBlankChars: 10,
  insightsPeriods: [7, 30, 90] as const,
  chatMessageMaxChars: 2000,
  /** Conversation titles: the first characters of the first message. */
  conversationTitleChars: 60,
  /**
   * The longest reply a private account's browser may store sealed (ADR 104): a reply is at most 800 tokens, which
   * no language spells in more characters than this.
   */
  chatReplyMaxChars: 8000,
} as const;

/**
 * How much of the journal one AI request reads (ADR 031): the server's bounds, and for a private account the bounds of
 * what its browser may send with the request (ADR 104).
 */
export const AI_READS = {
  /** Chats: entries of the last 30 days, at most 30 of them. */
  chatDays: 30,
  chatEntries: 30,
  /** Insights read at most this many entries of the period. */
  insightsEntries: 500,
  /** Future-self chat: the next scheduled messages. */
  futureMessages: 5,
  /** Chat history sent back to the provider: the last turns of the conversation. */
  historyMessages: 20,
} as const;

/**
 * How far ahead the future self of the future-self chat speaks from (docs/design.md#design-ai: "you in five years"): the
 * server's prompt, the chat's labels and the About page all say it this one way (ADR 057).
 */
export const FUTURE_SELF_AHEAD = 'five years from now';

export const AI_MESSAGES = {
  tooShort: 'Type a little more to use AI Assist.',
  assist: 'AI Assist',
  enhanced: 'Text enhanced',
  enhancedDescription: 'Your entry has been expanded with more detail',
  failed: 'AI Assist failed',
  failedDescription: 'Please try again',
  noProvider:
    'No AI provider is configured on this server. An administrator can set one up by setting AI_BASE_URL, AI_API_KEY and AI_MODEL (any OpenAI-compatible service, for example a local Ollama at http://127.0.0.1:11434/v1) and restarting Daybook.',
  providerFailed: 'The AI provider did not respond. Please try again.',
  limitReached: (feature: 'insights' | 'coaching' | 'futureChat', limit: number) =>
    `You have used all ${limit} ${
      feature === 'insights'
        ? `AI insight${limit === 1 ? '' : 's'}`
        : feature === 'coaching'
          ? `coaching message${limit === 1 ? '' : 's'}`
          : `future-self message${limit === 1 ? '' : 's'}`
    } for today. Try again tomorrow, or upgrade for more.`,
  reflectionNoProvider:
    'A written reflection needs an AI provider, and none is configured on this server. The statistics above are computed on the server without one.',
  reflectionFailed: 'The written reflection could not be generated this time. Please try again.',
  reflectionNoEntries: 'Write a few entries in this period to get a reflection.',
  messageRequired: 'Please type a message',
  messageTooLong: 'Messages can be at most 2,000 characters',
  conversationNotFound: 'Conversation not found',
  stopped: 'Stopped',
  consentRequired:
    'This feature sends the words it reads to the AI provider. Give your consent first, or leave it unused.',
  consentHostChanged:
    'The AI provider of this server has changed since you gave your consent. Please give it again.',
} as const;
