import { type AiChatRequest, ApiError, api, ChatStreamEvent, type ConversationKind } from '@daybook/shared';
import { ApiRequestError, apiUrl, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';

/**
 * Reads the chat stream's `text/event-stream` (packages/shared/src/schemas/ai.ts, CHAT STREAM) piece by piece: text
 * arrives in chunks that split events, lines and even characters anywhere, so it keeps what is not yet a whole event.
 * Events it does not know, comments (`: keep-alive`) and data that is not the contract's JSON are skipped.
 */
export class ChatStreamParser {
  private buffer = '';

  /** Takes the next piece of text and returns the events it completed. */
  push(chunk: string): ChatStreamEvent[] {
    this.buffer += chunk;
    const events: ChatStreamEvent[] = [];
    // An event ends at a blank line; the spec allows \n, \r\n and \r as line ends.
    const normalized = this.buffer.replace(/\r\n?/g, '\n');
    const blocks = normalized.split('\n\n');
    this.buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      const event = parseBlock(block);
      if (event) events.push(event);
    }
    return events;
  }
}

function parseBlock(block: string): ChatStreamEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(data.join('\n'));
  } catch {
    return null;
  }
  const parsed = ChatStreamEvent.safeParse({ event: name, data: payload });
  return parsed.success ? parsed.data : null;
}

type SendChatMessageOptions = {
  kind: ConversationKind;
  input: AiChatRequest;
  signal: AbortSignal;
  /** Each event as it arrives: `start`, then `delta`s, then `done` or `error`. */
  onEvent: (event: ChatStreamEvent) => void;
};

/**
 * POST /api/ai/:kind/messages and hands over the reply's events as they arrive. A refusal before the stream (limit
 * reached, no provider, blocked message) throws an `ApiRequestError` as every API call does; aborting `signal` (the
 * Stop button) ends the request, and the server keeps what arrived so far.
 */
export async function sendChatMessage({
  kind,
  input,
  signal,
  onEvent,
}: SendChatMessageOptions): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl(api.ai.chat, { params: { kind } }), {
      method: 'POST',
      headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  }
  if (!response.ok || !response.body) {
    const payload: unknown = await response.json().catch(() => undefined);
    const apiError = ApiError.safeParse(payload);
    if (apiError.success) throw new ApiRequestError({ status: response.status, ...apiError.data });
    throw new ApiRequestError({
      status: response.status,
      code: 'HTTP_ERROR',
      message: `The server answered ${response.status} ${response.statusText}`.trim(),
    });
  }

  const parser = new ChatStreamParser();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  // Stop ends the reading at once, whether or not the browser has already errored the body.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // `stream: true` keeps a character split between two chunks for the next one.
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
    }
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
  } finally {
    signal.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
