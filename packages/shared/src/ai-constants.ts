/** AI features (ADR 031; docs/product/ai.md#ai-insights, docs/design.md#design-ai). */
export const AI_LIMITS = {
  /** AI Assist needs at least this many non-blank characters (docs/product/ai.md#ai-assist). */
  minNonBlankChars: 10,
  insightsPeriods: [7, 30, 90] as const,
  chatMessageMaxChars: 2000,
  /** Conversation titles: the first characters of the first message. */
  conversationTitleChars: 60,
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
} as const;
