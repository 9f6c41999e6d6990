import { useState } from 'react';
import { INSPIRE_PROMPTS } from '../../../lib/constants.ts';

/**
 * The prompt above the quick entry: the page's suggestion until "Inspire me" steps through the prompts of
 * docs/product/entries.md#entries-quick-entry; a new suggestion takes the place of an "Inspire me" prompt.
 */
export function useInspirePrompt(suggestedPrompt: string | undefined) {
  const [promptIndex, setPromptIndex] = useState<number | null>(null);
  const [promptSuggested, setPromptSuggested] = useState(suggestedPrompt);
  if (promptSuggested !== suggestedPrompt) {
    setPromptSuggested(suggestedPrompt);
    setPromptIndex(null);
  }
  const prompt = promptIndex === null ? (suggestedPrompt ?? null) : INSPIRE_PROMPTS[promptIndex];
  const next = () => setPromptIndex((index) => (index === null ? 0 : (index + 1) % INSPIRE_PROMPTS.length));
  const clear = () => setPromptIndex(null);
  return { prompt, next, clear };
}
