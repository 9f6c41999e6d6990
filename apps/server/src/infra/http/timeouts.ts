import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type MinimumRate, SlowRequestError, watchMinimumRate } from './minimum-rate.ts';

/** How long a client may take at each step of a request (ADR 015). Tests pass shorter ones. */
export type HttpTimeouts = {
  /** From the first byte of a request to the end of its headers. */
  headersMs: number;
  /** From the end of the headers to the end of the body, for routes with the default (JSON) body limit. */
  jsonBodyMs: number;
  /**
   * The same for routes that raise their body limit (media, imports): long enough for their largest body on a slow
   * line, but never open-ended, since a body that keeps just above the minimum rate would otherwise hold its
   * connection for as long as its sender likes (ADR 059: 1 KiB/s for a 1 GB limit is twelve days).
   */
  uploadBodyMs: number;
  /** No byte in either direction for this long, while a request is in progress, closes the socket. */
  socketIdleMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
  /** Every request body, uploads included, must keep up at least this rate. */
  minimumRate: MinimumRate;
};

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 10_000,
  jsonBodyMs: 30_000,
  // A 1 GB import in 30 minutes needs about 4.7 Mbit/s, a 100 MB video well under 1 Mbit/s (ADR 060).
  uploadBodyMs: 30 * 60_000,
  socketIdleMs: 30_000,
  // Longer than the 60 s idle timeout of common proxies and load balancers, so they close first and never
  // send a request on a connection we are closing.
  keepAliveMs: 65_000,
  minimumRate: { minBytes: 8 * 1024, windowMs: 10_000 },
};

/** The body limit of every route that does not raise it: such routes take small JSON bodies. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Fastify options for the Node server: header, socket and keep-alive timeouts. */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    connectionTimeout: timeouts.socketIdleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node's own whole-request timeout is one number for every route: the body deadlines below tell JSON routes
    // from uploads, and the minimum rate covers every body.
    requestTimeout: 0,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node checks header deadlines on this interval (30 s by default, which would let a 10 s limit
      // stretch to 40 s).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(timeouts.headersMs / 5))),
    },
  };
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/** inject() requests have no real socket, nothing to wait for and nobody listening for a stream error. */
const isNetworkRequest = (raw: IncomingMessage) => typeof raw.socket?.bytesRead === 'number';

/**
 * Cuts request bodies that arrive too slowly: every body must keep up the minimum rate, and be complete within its
 * deadline, `jsonBodyMs` for a route with the default limit (small JSON), `uploadBodyMs` for one that raises it
 * (media, imports). Either way the connection is dropped: a client this slow would not read an answer before it
 * finished sending.
 *
 * An answer sent before its request's body has all arrived (a 429 from the rate limiter, a 401, a 413, any
 * refusal of an upload) closes the connection once it has gone. Otherwise Node, to keep the connection for the
 * next request, would go on reading a body nobody wants, for as long as it keeps the minimum rate (ADR 060).
 */
export function registerBodyTimeouts(app: FastifyInstance, timeouts: HttpTimeouts): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    if (!isNetworkRequest(raw) || !hasBody(request.headers) || raw.complete) return done();
    watchMinimumRate(raw, timeouts.minimumRate);
    const bodyLimit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const deadlineMs = bodyLimit <= DEFAULT_BODY_LIMIT ? timeouts.jsonBodyMs : timeouts.uploadBodyMs;
    const timer = setTimeout(() => {
      if (!raw.complete)
        raw.destroy(new SlowRequestError(`request body not complete after ${deadlineMs} ms`));
    }, deadlineMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
  app.addHook('onSend', (request, reply, _payload, done) => {
    const raw = request.raw;
    if (isNetworkRequest(raw) && hasBody(request.headers) && !raw.complete)
      reply.header('connection', 'close');
    done();
  });
}
