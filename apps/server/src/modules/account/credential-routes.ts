/*
 * Changing the password or the e-mail address, and the sessions signed in (docs/product: the account settings).
 * Registered from routes.ts inside its signed-in scope; apart because these are what signing in rests on
 * (ADR 100).
 */
import {
  AUTH_MESSAGES,
  ChangeEmailInput,
  ChangePasswordInput,
  OkResponse,
  RevokedSessions,
  SessionList,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appendSetCookies, requestHeaders, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';

export const credentialRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    signedIn.post(
      '/me/password',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':change-password' } },
        schema: {
          tags,
          summary: 'Change password; other sessions end',
          body: ChangePasswordInput,
          response: { 200: OkResponse, ...errors },
        },
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

    signedIn.post(
      '/me/email',
      {
        config: { rateLimit: { max: 5, timeWindow: '15 minutes', groupId: ':change-email' } },
        schema: {
          tags,
          summary: 'Change e-mail (confirmed by a link sent to the new address)',
          body: ChangeEmailInput,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await services.account.changeEmail(signedInUser(request).id, requestHeaders(request), request.body);
        return { ok: true as const, message: AUTH_MESSAGES.emailChangeSent };
      },
    );

    signedIn.get(
      '/me/sessions',
      { schema: { tags, summary: 'Your active sessions', response: { 200: SessionList, ...errors } } },
      async (request) => ({
        sessions: await services.account.sessions(signedInUser(request).id, request.sessionId!),
      }),
    );

    signedIn.post(
      '/me/sessions/revoke-others',
      {
        schema: {
          tags,
          summary: 'Sign out every other session',
          response: { 200: RevokedSessions, ...errors },
        },
      },
      async (request) => ({
        revoked: await services.account.revokeOtherSessions(signedInUser(request).id, request.sessionId!),
      }),
    );

    signedIn.delete(
      '/me/sessions/:id',
      {
        schema: {
          tags,
          summary: 'Sign out one session',
          params: z.object({ id: z.uuid() }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await services.account.revokeSession(signedInUser(request).id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
