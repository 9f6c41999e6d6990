import { AI_READS } from '@daybook/shared';
import type { EntryContext } from '../../infra/ai/prompts/context.ts';
import type { ReadableEntry } from '../entries/service.ts';

/** How much of the user's journal one request may read (ADR 031). */
export const AI_CONTEXT = {
  /** Entries, letters and history (shared: a private account's browser is held to the same bounds, ADR 104). */
  ...AI_READS,
  /** Tokens asked for: a reply, a reflection, an expanded entry. */
  chatMaxTokens: 800,
  reflectionMaxTokens: 400,
  enhanceMaxTokens: 1500,
} as const;

/** The entries a prompt reads: date, mood and text, nothing else of the row. */
export const toContext = (list: ReadableEntry[]): EntryContext[] =>
  list.map((entry) => ({ date: entry.date, mood: entry.mood, text: entry.text }));
