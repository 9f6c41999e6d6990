import { AUTH_MESSAGES, type SessionUser } from '@daybook/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from '../../modules/auth/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: SessionUser | null;
    sessionId: string | null;
  }
}

export const requestHeaders = (request: FastifyRequest): Headers => fromNodeHeaders(request.headers);

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

/** onRequest hook for signed-in routes: loads the session (sliding its expiry) or answers 401. */
export function requireUser(authService: AuthService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { result, setCookies } = await authService.session(requestHeaders(request));
    appendSetCookies(reply, setCookies);
    if (!result) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
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
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    const origin = request.headers.origin;
    if (origin && !allowed.has(origin)) throw new AppError('FORBIDDEN', 'Cross-site request refused');
  });
}
