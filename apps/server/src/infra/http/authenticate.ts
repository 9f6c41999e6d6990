import { AUTH_MESSAGES, type SessionUser } from '@daybook/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: SessionUser | null;
    sessionId: string | null;
  }
}

/** Carries Fastify's `request.ip` to better-auth, so it never reads X-Forwarded-For itself. */
export const CLIENT_IP_HEADER = 'x-daybook-client-ip';

/** The request's headers for better-auth, with the client address as Fastify resolved it (TRUST_PROXY). */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Adds cookies to the reply without dropping ones set earlier in the same request. */
export function appendSetCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length === 0) return;
  const existing = reply.getHeader('set-cookie');
  const previous =
    existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...previous, ...cookies]);
}

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('sessionId', null);
}

/**
 * What `requireUser` needs from the auth module, declared here so infra stays below the modules (ADR 021);
 * services.ts hands in the auth service, which has this shape.
 */
/** A request as a session lookup reads it (SessionRequest in modules/auth): the cookie, other headers on demand. */
export function sessionRequest(request: FastifyRequest) {
  return { cookie: request.headers.cookie, headers: () => requestHeaders(request) };
}

export type SessionSource = {
  /** `isFresh`: read from the database, never from the session cache (ADR 047). */
  session(
    request: ReturnType<typeof sessionRequest>,
    options?: { isFresh?: boolean },
  ): Promise<{
    result: { user: SessionUser; sessionId: string } | null;
    setCookies: string[];
  }>;
};

/**
 * onRequest hook for signed-in routes: loads the session (sliding its expiry) or answers 401 with `message` (the
 * spec words a few calls' refusal its own way).
 */
export function requireUser(authService: SessionSource, message: string = AUTH_MESSAGES.notAuthenticated) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { result, setCookies } = await authService.session(sessionRequest(request));
    appendSetCookies(reply, setCookies);
    if (!result) throw new AppError('UNAUTHENTICATED', message);
    request.currentUser = result.user;
    request.sessionId = result.sessionId;
  };
}

/**
 * onRequest hook for the admin area: administrators only. Anyone else, signed out included, gets exactly the 404 an
 * unknown API path gets, so the area's paths cannot be told from paths that do not exist (ADR 034). An onRequest hook
 * rather than a preHandler: Fastify validates a request before preHandler, and a 400 would give the route away.
 */
export function requireAdmin(authService: SessionSource) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Privilege is never taken from a cached session: a demoted or disabled admin loses the area at once on
    // every instance, and the area's traffic is too small for the round trip to matter (ADR 047).
    const { result, setCookies } = await authService.session(sessionRequest(request), { isFresh: true });
    appendSetCookies(reply, setCookies);
    if (result?.user.role !== 'admin') {
      throw new AppError('NOT_FOUND', `No API route ${request.method} ${request.url}`);
    }
    request.currentUser = result.user;
    request.sessionId = result.sessionId;
  };
}

/** The user a `requireUser` route runs for. */
export function signedInUser(request: FastifyRequest): SessionUser {
  if (!request.currentUser) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
  return request.currentUser;
}

/**
 * Mutating API requests from a browser must come from one of our origins (cookies are SameSite=Lax as well).
 * Requests without an Origin header (server-to-server, CLI) are not browsers' and carry no ambient cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, trusted: string[]): void {
  const allowed = new Set(trusted);
  // A callback hook, not an async one: no promise per request on the hot path (ADR 009).
  app.addHook('onRequest', (request, _reply, done) => {
    const { method } = request;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done();
    const origin = request.headers.origin;
    done(
      origin && !allowed.has(origin) ? new AppError('FORBIDDEN', 'Cross-site request refused') : undefined,
    );
  });
}
