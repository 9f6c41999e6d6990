import type { ModerationResult } from '@daybook/shared';
import type OpenAI from 'openai';
import {
  AiAborted,
  type AiProvider,
  AiProviderError,
  type ChatTurn,
  type GenerateOptions,
} from './provider.ts';

export type OpenAiProviderConfig = {
  baseUrl: string;
  apiKey: string;
  model: string;
  moderationModel: string | undefined;
  /** Per attempt; the SDK retries timeouts, 408/409/429 and 5xx with exponential back-off and Retry-After. */
  timeoutMs: number;
  maxRetries: number;
};

/** Categories of the moderation endpoint mapped to the spec's flags and severities. */
const MODERATION_CATEGORIES: { prefix: string; flag: string; severity: 'high' | 'medium' }[] = [
  { prefix: 'self-harm', flag: 'self_harm', severity: 'high' },
  { prefix: 'sexual/minors', flag: 'sexual_minors', severity: 'high' },
  { prefix: 'violence/graphic', flag: 'violence', severity: 'high' },
  { prefix: 'harassment/threatening', flag: 'violence', severity: 'high' },
  { prefix: 'hate/threatening', flag: 'hate', severity: 'high' },
  { prefix: 'illicit/violent', flag: 'violence', severity: 'high' },
  { prefix: 'violence', flag: 'violence', severity: 'medium' },
  { prefix: 'harassment', flag: 'harassment', severity: 'medium' },
  { prefix: 'hate', flag: 'hate', severity: 'medium' },
  { prefix: 'sexual', flag: 'sexual', severity: 'medium' },
  { prefix: 'illicit', flag: 'illicit', severity: 'medium' },
];

let sdkLoading: Promise<typeof OpenAI> | null = null;

/** The SDK on the first AI request rather than at start: an idle server does not hold it (ADR 043). */
function loadSdk(): Promise<typeof OpenAI> {
  sdkLoading ??= import('openai').then((module) => module.default);
  return sdkLoading;
}

function failure(error: unknown, signal: AbortSignal | undefined, sdk: typeof OpenAI): Error {
  if (signal?.aborted || error instanceof sdk.APIUserAbortError) return new AiAborted();
  if (error instanceof AiProviderError) return error;
  if (error instanceof sdk.APIConnectionTimeoutError) return new AiProviderError('timed out');
  if (error instanceof sdk.APIConnectionError) return new AiProviderError('unreachable');
  if (error instanceof sdk.APIError) return new AiProviderError(`HTTP ${error.status ?? '?'}`, error.status);
  return new AiProviderError(error instanceof Error ? error.name : 'failed');
}

/** The OpenAI-compatible provider over the official `openai` SDK. */
export function createOpenAiProvider(config: OpenAiProviderConfig): AiProvider {
  let connecting: Promise<{ client: OpenAI; sdk: typeof OpenAI }> | null = null;
  const connect = () => {
    connecting ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk({
        baseURL: config.baseUrl,
        apiKey: config.apiKey,
        timeout: config.timeoutMs,
        maxRetries: config.maxRetries,
        // The SDK would otherwise read OPENAI_* from the environment; config.ts is the one reader (STYLE.md).
        organization: null,
        project: null,
      }),
    }));
    return connecting;
  };
  const host = new URL(config.baseUrl).host;

  const request = (turns: ChatTurn[], options: GenerateOptions) => ({
    model: config.model,
    messages: turns,
    ...(options.maxTokens ? { max_tokens: options.maxTokens } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  });

  return {
    host,
    model: config.model,
    hasModeration: config.moderationModel !== undefined,

    async complete(turns, options = {}) {
      const { client, sdk } = await connect();
      try {
        const answer = await client.chat.completions.create(
          { ...request(turns, options), stream: false },
          { signal: options.signal },
        );
        const text = answer.choices?.[0]?.message?.content;
        if (typeof text !== 'string' || !text.trim()) throw new AiProviderError('empty answer');
        return text.trim();
      } catch (error) {
        throw failure(error, options.signal, sdk);
      }
    },

    async *stream(turns, options = {}) {
      const { client, sdk } = await connect();
      let stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>;
      try {
        stream = await client.chat.completions.create(
          { ...request(turns, options), stream: true },
          { signal: options.signal },
        );
      } catch (error) {
        throw failure(error, options.signal, sdk);
      }
      let isFinished = false;
      try {
        for await (const chunk of stream) {
          const choice = chunk.choices?.[0];
          if (choice?.delta?.content) yield choice.delta.content;
          if (choice?.finish_reason) isFinished = true;
        }
      } catch (error) {
        throw failure(error, options.signal, sdk);
      }
      if (options.signal?.aborted) throw new AiAborted();
      // A stream cut off before its finish_reason (a dropped connection) is a failed reply, not a short one.
      if (!isFinished) throw new AiProviderError('stream ended early');
    },

    async moderate(text, options = {}) {
      if (!config.moderationModel) throw new AiProviderError('no moderation model');
      const { client, sdk } = await connect();
      try {
        const answer = await client.moderations.create(
          { model: config.moderationModel, input: text },
          { signal: options.signal },
        );
        const result = answer.results?.[0];
        if (!result) throw new AiProviderError('empty answer');
        return toModerationResult(result);
      } catch (error) {
        throw failure(error, options.signal, sdk);
      }
    },
  };
}

function toModerationResult(result: OpenAI.Moderations.Moderation): ModerationResult {
  const categories = result.categories as unknown as Record<string, boolean>;
  const scores = result.category_scores as unknown as Record<string, number>;
  const hits = Object.entries(categories ?? {})
    .filter(([, isFlagged]) => isFlagged === true)
    .map(([name]) => {
      const rule = MODERATION_CATEGORIES.find((c) => name === c.prefix || name.startsWith(`${c.prefix}/`));
      return { name, rule };
    });
  const matched = hits.filter((hit) => hit.rule !== undefined);
  if (!result.flagged && matched.length === 0) {
    return { safe: true, severity: 'safe', flags: [], explanation: 'No concerns found.', confidence: 0.9 };
  }
  const severity = matched.some((hit) => hit.rule!.severity === 'high') ? 'high' : 'medium';
  const flags = [...new Set(matched.map((hit) => hit.rule!.flag))];
  const confidence = Math.max(0.5, ...hits.map((hit) => scores?.[hit.name] ?? 0));
  return {
    safe: false,
    severity,
    flags: flags.length > 0 ? flags : ['flagged'],
    explanation: `The moderation provider flagged: ${hits.map((hit) => hit.name).join(', ') || 'content'}.`,
    confidence: Math.min(1, confidence),
  };
}
