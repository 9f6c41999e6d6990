import type { FastifyInstance } from 'fastify';
import { type MinimumRate, SlowRequestError, watchMinimumRate } from './minimum-rate.ts';

/** How long a client may take at each step of a request (ADR 015). Tests pass shorter ones. */
export type HttpTimeouts = {
  /** From the first byte of a request to the end of its headers. */
  headersMs: number;
  /** From the end of the headers to the end of the body, for routes with the default (JSON) body limit. */
  jsonBodyMs: number;
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
    // Node's own whole-request timeout would cut a slow but progressing upload: the body deadline below
    // covers JSON routes, the minimum rate covers every body.
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

/**
 * Cuts request bodies that arrive too slowly: every body must keep up the minimum rate, and a body for a
 * route with the default limit (small JSON) must be complete within `jsonBodyMs`. Routes that raise their
 * body limit carry media and may take as long as they need while they progress. Either way the connection
 * is dropped: a client this slow would not read an answer before it finished sending.
 */
export function registerBodyTimeouts(app: FastifyInstance, timeouts: HttpTimeouts): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    // inject() requests have no real socket, nothing to wait for and nobody listening for a stream error.
    const isNetworkRequest = typeof raw.socket?.bytesRead === 'number';
    if (!isNetworkRequest || !hasBody(request.headers) || raw.complete) return done();
    watchMinimumRate(raw, timeouts.minimumRate);
    const bodyLimit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;
    if (bodyLimit <= DEFAULT_BODY_LIMIT) {
      const timer = setTimeout(() => {
        if (!raw.complete)
          raw.destroy(new SlowRequestError(`request body not complete after ${timeouts.jsonBodyMs} ms`));
      }, timeouts.jsonBodyMs);
      timer.unref();
      const clear = () => clearTimeout(timer);
      raw.once('end', clear);
      raw.once('close', clear);
    }
    done();
  });
}
