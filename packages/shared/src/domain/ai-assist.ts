import { AI_LIMITS } from '../ai-constants.ts';

/** The characters of `text` that are not white space. */
export function nonBlankLength(text: string): number {
  return text.replace(/\s/g, '').length;
}

/** AI Assist is offered from 10 non-blank characters (docs/product/ai.md#ai-assist). */
export function canUseAiAssist(text: string): boolean {
  return nonBlankLength(text) >= AI_LIMITS.minNonBlankChars;
}
