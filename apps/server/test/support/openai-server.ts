import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake provider received: the path, the parsed JSON body, and whether the client hung up early. */
export type ReceivedRequest = {
  path: string;
  body: Record<string, unknown> & {
    messages?: { role: string; content: string }[];
    stream?: boolean;
    input?: string;
  };
  authorization: string | undefined;
  isAborted: boolean;
  isFinished: boolean;
};

/** One scripted answer; unscripted requests get the default (a completion echoing the last user message). */
export type Scripted =
  | { kind: 'error'; status: number; message?: string }
  /** Never answers: the client's timeout must fire. */
  | { kind: 'hang' }
  | { kind: 'reply'; text: string }
  /** A streamed reply: the first piece, then the rest once `release()` is called (or at once without `gate`). */
  | { kind: 'stream'; pieces: string[]; gate?: Promise<void> }
  /** Streams its first piece, then (once the gate opens) breaks the connection without finishing. */
  | { kind: 'stream-broken'; pieces: string[]; gate: Promise<void> }
  | { kind: 'moderation'; flagged: boolean; categories?: Record<string, boolean> };

/**
 * A small HTTP server speaking the OpenAI protocol (chat completions, with and without streaming, moderations) on a
 * free local port, so the real `openai` SDK is exercised end to end: retries on 429/5xx, timeouts, aborts.
 */
export async function startOpenAiServer() {
  const received: ReceivedRequest[] = [];
  const script: Scripted[] = [];
  const moderationScript: Scripted[] = [];

  const completion = (text: string) => ({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
  const chunk = (text: string | null, finish: string | null = null) => ({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'test-model',
    choices: [{ index: 0, delta: text === null ? {} : { content: text }, finish_reason: finish }],
  });

  function lastUserMessage(body: ReceivedRequest['body']): string {
    const users = (body.messages ?? []).filter((m) => m.role === 'user');
    return users.at(-1)?.content ?? '';
  }

  async function streamPieces(
    response: ServerResponse,
    pieces: string[],
    gate: Promise<void> | undefined,
    isBroken = false,
  ) {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    const [first, ...rest] = pieces;
    if (first !== undefined) send(chunk(first));
    if (gate) await gate;
    if (response.destroyed) return;
    for (const piece of rest) send(chunk(piece));
    if (isBroken) {
      response.socket?.destroy();
      return;
    }
    send(chunk(null, 'stop'));
    response.end('data: [DONE]\n\n');
  }

  async function answer(request: IncomingMessage, response: ServerResponse, entry: ReceivedRequest) {
    const json = (status: number, data: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(data));
    };
    const isModeration = request.url?.endsWith('/moderations') ?? false;
    const next = isModeration ? moderationScript.shift() : script.shift();
    if (next?.kind === 'hang') return;
    if (next?.kind === 'error') {
      return json(next.status, {
        error: { message: next.message ?? `status ${next.status}`, type: 'test_error', code: null },
      });
    }
    if (isModeration) {
      const flagged = next?.kind === 'moderation' ? next.flagged : false;
      const categories = next?.kind === 'moderation' ? (next.categories ?? {}) : {};
      return json(200, {
        id: 'modr-test',
        model: String(entry.body.model ?? 'moderation'),
        results: [
          {
            flagged,
            categories,
            category_scores: Object.fromEntries(Object.keys(categories).map((k) => [k, 0.95])),
          },
        ],
      });
    }
    if (!request.url?.endsWith('/chat/completions')) return json(404, { error: { message: 'no such path' } });
    if (entry.body.stream) {
      if (next?.kind === 'stream') return streamPieces(response, next.pieces, next.gate);
      if (next?.kind === 'stream-broken') return streamPieces(response, next.pieces, next.gate, true);
      const text = next?.kind === 'reply' ? next.text : `Echo: ${lastUserMessage(entry.body)}`;
      return streamPieces(response, text.match(/.{1,8}/gs) ?? [text], undefined);
    }
    const text = next?.kind === 'reply' ? next.text : `Echo: ${lastUserMessage(entry.body)}`;
    return json(200, completion(text));
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      let body: ReceivedRequest['body'] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        body = {};
      }
      const entry: ReceivedRequest = {
        path: request.url ?? '',
        body,
        authorization: request.headers.authorization,
        isAborted: false,
        isFinished: false,
      };
      received.push(entry);
      response.once('finish', () => {
        entry.isFinished = true;
      });
      response.once('close', () => {
        if (!response.writableFinished) entry.isAborted = true;
      });
      void answer(request, response, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    host: `127.0.0.1:${port}`,
    received,
    /** Queues answers for the next chat-completion requests, in order. */
    script(...answers: Scripted[]) {
      script.push(...answers);
    },
    /** Queues answers for the next moderation requests (unscripted: not flagged). */
    scriptModeration(...answers: Scripted[]) {
      moderationScript.push(...answers);
    },
    /** The chat-completion requests received since the last reset. */
    chats: () => received.filter((r) => r.path.endsWith('/chat/completions')),
    reset() {
      script.length = 0;
      moderationScript.length = 0;
      received.length = 0;
    },
    /** A gate for a streamed answer, and the function that opens it. */
    gate() {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      return { promise, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type OpenAiServer = Awaited<ReturnType<typeof startOpenAiServer>>;
