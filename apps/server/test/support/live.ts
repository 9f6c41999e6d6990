import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** One message of a Server-Sent Events stream, as a browser's EventSource parses it (plus comments). */
export type StreamMessage =
  | { kind: 'event'; event: string; id: string | undefined; data: string }
  | { kind: 'comment'; text: string }
  | { kind: 'fields'; id: string | undefined; retry: string | undefined };

/** A listening app's origin (it listens on a free port the first time). */
export async function originOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * `GET /api/events` over a real socket, read the way EventSource reads it. Tests wait for what they expect to
 * arrive (never for a fixed time): `next` finds the next matching message after the last one it returned.
 */
export function openStream(origin: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: IncomingHttpHeaders;
    body: string;
    messages: StreamMessage[];
    next(match?: (message: StreamMessage) => boolean): Promise<StreamMessage>;
    nextEvent(type?: string): Promise<Extract<StreamMessage, { kind: 'event' }>>;
    ended: Promise<void>;
    close(): void;
  }>((resolve, reject) => {
    const request = http.get(`${origin}/api/events`, { headers, agent: false }, (response) => {
      response.setEncoding('utf8');
      const messages: StreamMessage[] = [];
      let buffer = '';
      let body = '';
      let cursor = 0;
      let waiters: (() => void)[] = [];
      const wake = () => {
        const current = waiters;
        waiters = [];
        for (const waiter of current) waiter();
      };
      response.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          messages.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        wake();
      });
      let isEnded = false;
      const ended = new Promise<void>((done) =>
        response.once('close', () => {
          isEnded = true;
          wake();
          done();
        }),
      );
      response.on('error', () => {});

      function next(match: (message: StreamMessage) => boolean = () => true): Promise<StreamMessage> {
        return new Promise((found, fail) => {
          const look = () => {
            for (; cursor < messages.length; cursor++) {
              const message = messages[cursor]!;
              if (match(message)) {
                cursor++;
                found(message);
                return;
              }
            }
            if (isEnded) fail(new Error(`stream ended; received: ${JSON.stringify(messages)}`));
            else waiters.push(look);
          };
          look();
        });
      }

      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body;
        },
        messages,
        next,
        nextEvent: (type) =>
          next((m) => m.kind === 'event' && (type === undefined || m.event === type)) as Promise<
            Extract<StreamMessage, { kind: 'event' }>
          >,
        ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

function parseBlock(block: string): StreamMessage {
  const lines = block.split('\n');
  if (lines.every((line) => line.startsWith(':'))) {
    return { kind: 'comment', text: lines.map((line) => line.slice(1).trim()).join('\n') };
  }
  const fields = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields.set(name, fields.has(name) && name === 'data' ? `${fields.get(name)}\n${value}` : value);
  }
  if (!fields.has('data')) return { kind: 'fields', id: fields.get('id'), retry: fields.get('retry') };
  return {
    kind: 'event',
    event: fields.get('event') ?? 'message',
    id: fields.get('id'),
    data: fields.get('data')!,
  };
}
