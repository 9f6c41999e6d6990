import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this many bytes compression saves less than it costs (a packet or two). */
export const COMPRESSION_THRESHOLD = 1024;
/** Preferred first when the client rates both the same. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** JSON answers, and the app's page as the server fills it in (ADR 050); built files are compressed at build time. */
const COMPRESSED_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)\b/i;

/** The encoding to answer with for an `Accept-Encoding` header (q-values and `*` honoured), or null. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * JSON answers and the app's page above the threshold go out Brotli- or gzip-compressed, as the client accepts
 * (ADR 020, ADR 050). Only a buffered body: streamed answers (media with byte ranges, event streams) and files
 * pass untouched, so a Range response never gets an encoding its offsets do not describe. The web app's
 * static files are compressed at build time instead (@fastify/static `preCompressed`).
 */
export function registerCompression(app: FastifyInstance, threshold = COMPRESSION_THRESHOLD): void {
  // A callback hook: most answers (small JSON, files, streams) leave at once, without a promise (ADR 009).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // Size first: most API answers are small.
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < threshold) return done(null, payload);
    if (reply.statusCode === 206 || reply.hasHeader('content-encoding')) return done(null, payload);
    if (!COMPRESSED_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);

    // Whether this answer is compressed depends on the request's Accept-Encoding: caches must know.
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);

    const compressed =
      encoding === 'br'
        ? brotliCompress(payload, {
            params: {
              // Quality 5: most of Brotli's gain at a small share of the CPU of the default 11.
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : gzip(payload, { level: 6 });
    compressed.then(
      (body) => {
        reply.header('content-encoding', encoding);
        reply.header('content-length', body.length);
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}
