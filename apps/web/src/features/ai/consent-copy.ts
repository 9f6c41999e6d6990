import { type AiConsentFeature, FUTURE_SELF_AHEAD } from '@daybook/shared';

/** Each AI feature as the consent dialog and the profile name it, and what it sends (ADR 104). */
export const CONSENT_FEATURES: Record<AiConsentFeature, { name: string; sends: string }> = {
  assist: { name: 'AI Assist', sends: 'the draft you are writing' },
  insights: { name: 'AI insights', sends: 'the text and moods of your entries of the period you choose' },
  coach: {
    name: 'Growth coach',
    sends: 'your message, the conversation so far and your entries of the last 30 days',
  },
  'future-self': {
    name: `Future you (${FUTURE_SELF_AHEAD})`,
    sends:
      'your message, the conversation so far, your entries of the last 30 days and your next letters to your future self',
  },
};

/** Who receives the words: the provider's host, or this server alone when none is configured. */
export const receiverOf = (providerHost: string | null) =>
  providerHost
    ? `the AI provider at ${providerHost}`
    : 'this Daybook server, for statistics it computes and keeps no copy of';
