import type { EntryContext } from '../../infra/ai/prompts/context.ts';
import type { ReadableEntry } from '../entries/service.ts';

/** How much of the user's journal one request may read (ADR 031). */
export const AI_CONTEXT = {
  /** Chats: entries of the last 30 days, at most 30 of them. */
  chatDays: 30,
  chatEntries: 30,
  /** Insights read at most this many entries of the period. */
  insightsEntries: 500,
  /** Future-self chat: the next scheduled messages. */
  futureMessages: 5,
  /** Chat history sent back to the provider: the last turns of the conversation. */
  historyMessages: 20,
  /** Tokens asked for: a reply, a reflection, an expanded entry. */
  chatMaxTokens: 800,
  reflectionMaxTokens: 400,
  enhanceMaxTokens: 1500,
} as const;

/** The entries a prompt reads: date, mood and text, nothing else of the row. */
export const toContext = (list: ReadableEntry[]): EntryContext[] =>
  list.map((entry) => ({ date: entry.date, mood: entry.mood, text: entry.text }));
