import type { ModerationResult } from '@daybook/shared';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { HARASSMENT, SELF_HARM, VIOLENCE } from './phrases.ts';

/** One interface for text moderation; the AI issue adds an OpenAI-compatible provider beside this local one. */
export type TextModerator = { moderate(text: string): Promise<ModerationResult> };

const SAFE: ModerationResult = {
  safe: true,
  severity: 'safe',
  flags: [],
  explanation: 'No concerns found.',
  confidence: 0.9,
};

/** Lower-case, straight apostrophes, single spaces: the form the phrase lists are written in. */
function normalize(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

const findPhrase = (normalized: string, phrases: readonly string[]) =>
  phrases.find((p) => normalized.includes(` ${p} `));

/**
 * The local default: curated phrase lists for self-harm, violence and harassment, and obscenity's English
 * dataset for profanity. Self-harm and threats are high; harassment is medium; profanity alone is low.
 */
export function createLocalTextModerator(): TextModerator {
  const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

  return {
    async moderate(text) {
      const normalized = normalize(text);
      const selfHarm = findPhrase(normalized, SELF_HARM);
      if (selfHarm) {
        return {
          safe: false,
          severity: 'high',
          flags: ['self_harm'],
          explanation: 'The text mentions wanting to hurt oneself.',
          confidence: 0.9,
        };
      }
      const threat = findPhrase(normalized, VIOLENCE.high);
      if (threat) {
        return {
          safe: false,
          severity: 'high',
          flags: ['violence'],
          explanation: 'The text contains a threat of violence.',
          confidence: 0.85,
        };
      }
      const harassment = findPhrase(normalized, HARASSMENT);
      const violent = findPhrase(normalized, VIOLENCE.medium);
      const swearCount = profanity.getAllMatches(text).length;
      if (harassment || violent) {
        const flags = [harassment ? 'harassment' : 'violence', ...(swearCount > 0 ? ['profanity'] : [])];
        return {
          safe: false,
          severity: 'medium',
          flags,
          explanation: harassment
            ? 'The text contains harassing language.'
            : 'The text contains violent language.',
          confidence: 0.75,
        };
      }
      if (swearCount >= 4) {
        return {
          safe: false,
          severity: 'medium',
          flags: ['profanity'],
          explanation: 'The text contains a lot of profanity.',
          confidence: 0.7,
        };
      }
      if (swearCount > 0) {
        return {
          safe: true,
          severity: 'low',
          flags: ['profanity'],
          explanation: 'The text contains profanity.',
          confidence: 0.7,
        };
      }
      return SAFE;
    },
  };
}
