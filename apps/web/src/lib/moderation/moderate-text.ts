import { api, type ModerationResult, needsModeration, type TextAudience } from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client.ts';

/** docs/product/moderation.md#moderation-rules: results are kept 5 minutes, keyed by the first 100 characters. */
export const MODERATION_CACHE_MS = 5 * 60_000;
export const MODERATION_KEY_CHARS = 100;

export const SAFE_VERDICT: ModerationResult = {
  safe: true,
  severity: 'safe',
  flags: [],
  explanation: '',
  confidence: 0,
};

export function postTextModeration(
  text: string,
  audience: TextAudience,
  signal?: AbortSignal,
): Promise<ModerationResult> {
  return callApi(api.moderation.text, { body: { text, audience }, signal });
}

/**
 * A private-mode entry (ADR 094) is never sent to be moderated: the server must not read it. The same shared
 * classifier the server runs (packages/shared/src/moderation) runs here instead, loaded on first use so that no
 * page carries it for version-1 accounts, with the same verdicts and so the spec's same messages. Unlike a failed
 * request, a failure here is not counted as safe: nothing checks the text after this.
 */
async function classifyInBrowser(text: string, audience: TextAudience): Promise<ModerationResult> {
  const { classifyText } = await import('@daybook/shared/moderation');
  return classifyText(text, { audience });
}

/**
 * The moderation verdict on a text before it is saved (docs/product/moderation.md#moderation-rules): under 3 characters it is safe without
 * asking; a verdict is reused for 5 minutes; a failed call counts as safe (and is not remembered, so the
 * next attempt asks again). The server checks once more when the text is saved, except a private entry's, which
 * `inBrowser` checks here alone. A note is moderated for its
 * `recipient`, who is held to a stricter bar for words aimed at "you".
 */
export async function moderateText(
  client: QueryClient,
  text: string,
  audience: TextAudience = 'self',
  { inBrowser = false }: { inBrowser?: boolean } = {},
): Promise<ModerationResult> {
  if (!needsModeration(text)) return SAFE_VERDICT;
  if (inBrowser) return classifyInBrowser(text, audience);
  try {
    return await client.fetchQuery({
      queryKey: ['moderation', 'text', audience, text.slice(0, MODERATION_KEY_CHARS)],
      queryFn: ({ signal }) => postTextModeration(text, audience, signal),
      staleTime: MODERATION_CACHE_MS,
      gcTime: MODERATION_CACHE_MS,
      retry: false,
    });
  } catch {
    return SAFE_VERDICT;
  }
}
