import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { LiveEvent } from '@daybook/shared';

/** One open `text/event-stream` answer: a browser tab's EventSource. */
export type EventStream = {
  /** Writes one event with the next id; a stream whose client stopped reading is closed instead. */
  send(event: LiveEvent): void;
  /** A comment line: keeps proxies and the socket from timing out, and finds dead connections. */
  heartbeat(): void;
  /** Ends the answer and the connection; the browser reconnects (and is refused if signed out). */
  close(): void;
  isClosed(): boolean;
  onClose(listener: () => void): void;
};

export type EventStreamOptions = {
  /** Headers already set on the reply by earlier hooks (security headers, a refreshed session cookie). */
  headers: Record<string, string | number | string[] | undefined>;
  /** The `retry:` field: how long the browser waits before reconnecting after a drop. */
  retryMs: number;
  /** No byte written or read for this long closes the socket; several heartbeats long. */
  idleTimeoutMs: number;
  /**
   * Bytes queued for a client that does not read (a frozen tab, a dead peer before TCP notices). Above this the
   * stream is closed rather than buffering without bound; the browser reconnects and resyncs.
   */
  maxBufferedBytes: number;
};

/**
 * Starts a Server-Sent Events answer on a raw response the framework has let go of (hijacked): no serializer,
 * no compression hook and no content length apply to it. Node's server-wide idle timeout (ADR 015) is
 * replaced on this socket by one a few heartbeats long, since a stream is quiet between events by design.
 */
export function openEventStream(response: ServerResponse, options: EventStreamOptions): EventStream {
  let nextId = 1;
  let isClosed = false;
  const closeListeners: (() => void)[] = [];

  const headers: OutgoingHttpHeaders = { ...options.headers };
  for (const name of ['content-length', 'content-encoding', 'transfer-encoding']) delete headers[name];
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    // Like every API answer, stored by no cache (ADR 060). no-transform: a proxy must neither compress nor buffer
    // the stream; X-Accel-Buffering says the same to nginx.
    'cache-control': 'no-store, no-transform',
    'x-accel-buffering': 'no',
    // A stream is the connection's last answer: when it ends, so does the socket (shutdown leaves nothing idle).
    connection: 'close',
  });
  const socket = response.socket;
  socket?.setTimeout(options.idleTimeoutMs);
  socket?.setNoDelay(true);
  socket?.setKeepAlive(true, options.idleTimeoutMs);
  // `id: 0` sets the browser's last event id now, so every reconnect carries Last-Event-ID and gets a resync,
  // even after a drop before the first event.
  response.write(`retry: ${options.retryMs}\nid: 0\n\n`);

  const finish = () => {
    if (isClosed) return;
    isClosed = true;
    for (const listener of closeListeners.splice(0)) listener();
  };
  response.once('close', finish);

  function write(chunk: string): void {
    if (isClosed) return;
    if (response.writableLength > options.maxBufferedBytes) {
      response.destroy();
      finish();
      return;
    }
    response.write(chunk);
  }

  return {
    send(event) {
      write(`event: ${event.type}\nid: ${nextId++}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    heartbeat() {
      write(': heartbeat\n\n');
    },
    close() {
      if (isClosed) return;
      response.end();
      finish();
    },
    isClosed: () => isClosed,
    onClose(listener) {
      if (isClosed) listener();
      else closeListeners.push(listener);
    },
  };
}
