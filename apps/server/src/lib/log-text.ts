import type { FastifyRequest } from 'fastify';

/**
 * User-controlled text made safe for one log line: control characters (CR, LF, tabs, escapes, DEL, the C1
 * range and the Unicode line separators) become visible escapes (`\u000a` for LF), so no value can start a forged
 * line in a plain-text log reader, and long values are cut.
 */
export function safeLogText(value: unknown, maxLength = 500): string {
  const text = String(value);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  const escaped = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return escaped.length > maxLength ? `${escaped.slice(0, maxLength)}…` : escaped;
}

/**
 * What a request log line says about the URL: the path without its query string (tokens, `callbackURL`), and
 * the route's pattern instead of the path when a path parameter is a token (the reset-password link).
 */
export function loggedPath(
  request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } },
): string {
  const pattern = request.routeOptions?.url;
  if (pattern && /:token\b/.test(pattern)) return pattern;
  const path = request.url.split('?')[0] ?? '';
  return safeLogText(path);
}

/** Fastify's request serializer with only path, method and the client, all escaped (replaces pino's default). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedPath(request),
    host: safeLogText(request.host ?? '', 200),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
