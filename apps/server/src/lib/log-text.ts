import { APP_ROUTE_PATHS } from '@daybook/shared';
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

/** A path parameter that opens something by itself: a reset, share or unsubscribe token. */
const TOKEN_PARAM = /:\w*token\b/i;
/**
 * The web app's pages whose path holds such a token (`/share/:token`), served by the not-found handler, with the
 * path before the token: any path under it is logged as the pattern, a malformed one (`/share/<token>/x`) too.
 */
const TOKEN_PAGES = APP_ROUTE_PATHS.filter((pattern) => TOKEN_PARAM.test(pattern)).map((pattern) => ({
  pattern,
  prefix: pattern.slice(0, pattern.search(TOKEN_PARAM)).toLowerCase(),
}));

/**
 * What a request log line says about the URL: the path without its query string (tokens, `callbackURL`), and
 * the route's pattern instead of the path when a path parameter is a token (the reset-password link, a share
 * link's API and its page).
 */
export function loggedPath(
  request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } },
): string {
  const pattern = request.routeOptions?.url;
  if (pattern && TOKEN_PARAM.test(pattern)) return pattern;
  const path = request.url.split('?')[0] ?? '';
  const page = TOKEN_PAGES.find(({ prefix }) => path.toLowerCase().startsWith(prefix));
  return page?.pattern ?? safeLogText(path);
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

/** How deep a logged error's `cause` chain (and an AggregateError's `errors`) is followed. */
const MAX_ERROR_DEPTH = 4;
/** A few of an AggregateError's errors are enough to say why (each address a connection tried, say). */
const MAX_AGGREGATED_ERRORS = 3;
/** Fields of a database error (node-postgres, PGlite) that name where it happened, never a value. */
const DATABASE_ERROR_FIELDS = ['severity', 'constraint', 'table', 'column', 'schema', 'dataType'] as const;
/** A PostgreSQL SQLSTATE: five digits or capitals (an errno such as ECONNREFUSED is longer). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** What a log line may say about an error (ADR 053): no parameter, value, token or body, whatever wrapped it. */
export type LoggedError = {
  type: string;
  message: string;
  code?: string;
  /** The statement that failed, as written with its `$1` placeholders (Drizzle's `query`): never its parameters. */
  query?: string;
  /** The stack's frames (`at fn (file:line:col)`) on one line, ` | ` between them. */
  stack: string;
  cause?: LoggedError;
  errors?: LoggedError[];
} & Partial<Record<(typeof DATABASE_ERROR_FIELDS)[number], string>>;

/**
 * A database server's message with every quoted part redacted except the names the error itself gives in its
 * fields (constraint, table, column…): PostgreSQL quotes the offending value in its messages
 * (`invalid input syntax for type uuid: "…"`, `value "…" is out of range`), and identifiers the same way.
 */
function redactQuoted(message: string, names: Set<string>): string {
  return message.replace(/"((?:[^"]|"")*)"/g, (whole, inner: string) => (names.has(inner) ? whole : '"…"'));
}

/**
 * An error as a log line may carry it: its type, code, a message without values and the stack's frames, the same
 * for its cause chain and an AggregateError's errors. Drizzle's `Failed query: … params: …` keeps the statement
 * and loses the parameters (a session token, an e-mail address, ciphertext); a database error keeps its SQLSTATE
 * and the names of what it concerns; any other own property (PGlite's `params`, node-postgres's `detail` with the
 * duplicate key's value) is left out. Replaces pino's default `err` serializer, which logs them all.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(not an Error)', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  // The class says more than `name`, which Drizzle leaves as "Error" and node-postgres sets to "error".
  const type =
    error.constructor.name && error.constructor.name !== 'Error' ? error.constructor.name : error.name;
  const logged: LoggedError = { type, message: '', stack: '' };
  if (code) logged.code = code;
  let message = error.message;
  if (typeof fields.query === 'string') {
    logged.query = safeLogText(fields.query.replace(/\s+/g, ' ').trim(), 1000);
    // Drizzle's message is the statement (in `query` now) followed by its parameters.
    message = message.startsWith('Failed query:') ? 'Failed query' : message.replace(/\nparams:[\s\S]*$/, '');
  }
  if (code && SQLSTATE.test(code)) {
    const names = new Set<string>();
    for (const field of DATABASE_ERROR_FIELDS) {
      if (typeof fields[field] !== 'string') continue;
      logged[field] = safeLogText(fields[field], 200);
      names.add(fields[field]);
    }
    message = redactQuoted(message, names);
  }
  logged.message = safeLogText(message, 1000);
  // The stack's frames only: its first lines repeat the message, parameters included.
  logged.stack = safeLogText(
    (error.stack ?? '')
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .map((line) => line.trim())
      .join(' | '),
    4000,
  );
  if (depth < MAX_ERROR_DEPTH) {
    if (error.cause !== undefined) logged.cause = serializeError(error.cause, depth + 1);
    if (error instanceof AggregateError) {
      logged.errors = error.errors
        .slice(0, MAX_AGGREGATED_ERRORS)
        .map((inner: unknown) => serializeError(inner, depth + 1));
    }
  }
  return logged;
}

/** One line's worth of an error, for a `reason` field: type, code and redacted message, innermost cause last. */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: LoggedError | undefined = serializeError(error);
  while (current) {
    parts.push(`${current.type}${current.code ? ` ${current.code}` : ''}: ${current.message}`);
    current = current.cause ?? current.errors?.[0];
  }
  return parts.join(' ← ');
}
