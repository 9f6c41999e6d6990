import {
  ApiError,
  FutureMessage,
  FutureMessagePage,
  FutureMessageQuery,
  ScheduleFutureMessageInput,
  SealFutureMessagePrivatelyInput,
  SealFutureMessageReadablyInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';
import { sendingRouteLimit } from '../sending-limits/service.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const MessageId = z.object({ id: z.uuid() });

export const futureMessagesRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['future-messages'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.post(
        '/future-messages',
        {
          config: sendingRouteLimit('futureMessages'),
          bodyLimit: 64 * 1024,
          schema: {
            tags,
            summary: 'Schedule a message to your future self (encrypted in the browser; Premium)',
            body: ScheduleFutureMessageInput,
            response: { 201: FutureMessage, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await services.futureMessages.schedule(signedInUser(request), request.body)),
      );

      signedIn.get(
        '/future-messages',
        {
          schema: {
            tags,
            summary: 'Your messages: pending by send time, any other view newest first',
            querystring: FutureMessageQuery,
            response: { 200: FutureMessagePage, ...errors },
          },
        },
        (request) => services.futureMessages.list(signedInUser(request), request.query),
      );

      signedIn.get(
        '/future-messages/upcoming',
        {
          schema: {
            tags,
            summary: 'The next 3 pending messages by send time',
            response: { 200: z.object({ items: z.array(FutureMessage) }), ...errors },
          },
        },
        (request) => services.futureMessages.upcoming(signedInUser(request)),
      );

      signedIn.get(
        '/future-messages/:id',
        {
          schema: {
            tags,
            summary: 'One of your messages',
            params: MessageId,
            response: { 200: FutureMessage, ...errors },
          },
        },
        (request) => services.futureMessages.get(signedInUser(request), request.params.id),
      );

      signedIn.post(
        '/future-messages/:id/cancel',
        {
          schema: {
            tags,
            summary: 'Cancel a pending message',
            params: MessageId,
            response: { 200: FutureMessage, ...errors },
          },
        },
        (request) => services.futureMessages.cancel(signedInUser(request), request.params.id),
      );

      signedIn.put(
        '/future-messages/:id/private',
        {
          bodyLimit: 64 * 1024,
          schema: {
            tags,
            summary:
              'Replace one of your version-1 messages with its version-2 sealing, in place (switching private mode on)',
            params: MessageId,
            body: SealFutureMessagePrivatelyInput,
            response: { 200: FutureMessage, ...errors },
          },
        },
        (request) =>
          services.futureMessages.sealPrivately(signedInUser(request), request.params.id, request.body),
      );

      signedIn.put(
        '/future-messages/:id/readable',
        {
          bodyLimit: 64 * 1024,
          schema: {
            tags,
            summary:
              'Replace one of your version-2 messages with its version-1 sealing, in place (switching private mode off)',
            params: MessageId,
            body: SealFutureMessageReadablyInput,
            response: { 200: FutureMessage, ...errors },
          },
        },
        (request) =>
          services.futureMessages.sealReadably(signedInUser(request), request.params.id, request.body),
      );
    });
  };

/**
 * The Test button's endpoint: delivers the signed-in user's due messages now. app.ts registers it only with
 * TEST_TOOLS on (never in production), and it answers only direct requests from this machine; anything else gets
 * the API's ordinary 404.
 */
export const futureMessagesTestRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', localOnly);
    app.addHook('onRequest', requireUser(services.auth));
    app.post(
      '/dev/future-messages/process',
      {
        schema: {
          tags: ['development'],
          summary: 'Deliver your due future messages now (test tools only, from this machine only)',
          response: { 200: z.object({ processed: z.number().int() }), ...errors },
        },
      },
      async (request) => {
        const report = await services.futureMessages.deliverDue({ userId: signedInUser(request).id });
        return { processed: report.processed };
      },
    );
  };
