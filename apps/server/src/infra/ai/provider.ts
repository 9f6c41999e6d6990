import type { ModerationResult } from '@daybook/shared';

export type ChatTurn = { role: 'system' | 'user' | 'assistant'; content: string };

export type GenerateOptions = {
  /** Aborts the provider request (the client went away, the user pressed Stop). */
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
};

/**
 * The one AI provider interface (docs/design.md#design-ai). One implementation speaks the OpenAI-compatible HTTP protocol
 * (openai-provider.ts), so OpenAI, Ollama, vLLM, llama.cpp or a gateway work by configuration alone. Implementations
 * never log what they send or receive.
 */
export type AiProvider = {
  /** Where requests go ("api.openai.com", "127.0.0.1:11434"): the AI features page names it. */
  readonly host: string;
  readonly model: string;
  /** Whether `moderate` calls the provider (a moderation model is configured). */
  readonly hasModeration: boolean;
  /** One complete reply. Throws AiProviderError. */
  complete(turns: ChatTurn[], options?: GenerateOptions): Promise<string>;
  /** The reply piece by piece as it is generated. Throws AiProviderError (AiAborted when `signal` aborted). */
  stream(turns: ChatTurn[], options?: GenerateOptions): AsyncIterable<string>;
  /** The provider's verdict in the spec's shape. Throws AiProviderError; only when hasModeration. */
  moderate(text: string, options?: GenerateOptions): Promise<ModerationResult>;
};

/** A provider call that failed (refused, 4xx/5xx after retries, timed out, unreachable, malformed answer). */
export class AiProviderError extends Error {
  override name = 'AiProviderError';
  constructor(
    /** Safe to log: a status and kind, never the prompt or the reply. */
    readonly reason: string,
    readonly status?: number,
  ) {
    super(reason);
  }
}

/** The caller aborted the request; not a provider failure. */
export class AiAborted extends Error {
  override name = 'AiAborted';
  constructor() {
    super('aborted');
  }
}
