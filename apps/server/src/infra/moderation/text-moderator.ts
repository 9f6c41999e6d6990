import { classifyText, type ModerationResult, type TextAudience } from '@daybook/shared';

/** Who will read the text: the writer (an entry) or another person (a share or thank-you note). */
export type ModerationContext = { audience?: TextAudience };

/** One interface for text moderation; the AI issue adds an OpenAI-compatible provider beside this local one. */
export type TextModerator = {
  moderate(text: string, context?: ModerationContext): Promise<ModerationResult>;
};

/**
 * The local default: the shared classifier (packages/shared/src/moderation, ADR 063), which reads each sentence's
 * tense, negation, target and distance, so that the browser can one day run the same rules.
 */
export function createLocalTextModerator(): TextModerator {
  return {
    async moderate(text, context = {}) {
      return classifyText(text, context);
    },
  };
}
