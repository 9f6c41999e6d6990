/*
 * Changing the password or the e-mail address, and the sessions signed in (docs/product: the account settings).
 * Registered from routes.ts inside its signed-in scope; apart because these are what signing in rests on
 * (ADR 100).
 */
import { AUTH_MESSAGES, api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appendSetCookies, requestHeaders, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';

export const credentialRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(
      signedIn,
      api.account.changePassword,
      {
        tags,
        summary: 'Change password; other sessions end',
        config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':change-password' } },
      },
      async (request, reply) => {
        const { setCookies } = await services.account.changePassword(
          signedInUser(request).id,
          requestHeaders(request),
          request.body,
        );
        appendSetCookies(reply, setCookies);
        return { ok: true as const, message: AUTH_MESSAGES.passwordChanged };
      },
    );

    route(
      signedIn,
      api.account.changeEmail,
      {
        tags,
        summary: 'Change e-mail (confirmed by a link sent to the new address)',
        config: { rateLimit: { max: 5, timeWindow: '15 minutes', groupId: ':change-email' } },
      },
      async (request) => {
        await services.account.changeEmail(signedInUser(request).id, requestHeaders(request), request.body);
        return { ok: true as const, message: AUTH_MESSAGES.emailChangeSent };
      },
    );

    route(signedIn, api.account.sessions, { tags, summary: 'Your active sessions' }, async (request) => ({
      sessions: await services.account.sessions(signedInUser(request).id, request.sessionId!),
    }));

    route(
      signedIn,
      api.account.revokeOtherSessions,
      { tags, summary: 'Sign out every other session' },
      async (request) => ({
        revoked: await services.account.revokeOtherSessions(signedInUser(request).id, request.sessionId!),
      }),
    );

    route(signedIn, api.account.revokeSession, { tags, summary: 'Sign out one session' }, async (request) => {
      await services.account.revokeSession(signedInUser(request).id, request.params.id);
    });
  };
