import { ApiError, NotificationPage, NotificationQuery, NotificationSummary } from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 429: ApiError };
const NotificationId = z.object({ id: z.uuid() });
const noContent = z.null().describe('No content');

export const notificationsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['notifications'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/notifications',
        {
          schema: {
            tags,
            summary: 'Your notifications, newest first (page 0-based), with the total',
            querystring: NotificationQuery,
            response: { 200: NotificationPage, ...errors },
          },
        },
        (request) => services.notifications.list(signedInUser(request), request.query),
      );

      signedIn.get(
        '/notifications/summary',
        {
          schema: {
            tags,
            summary: 'The bell: your 5 newest notifications and the unread count',
            response: { 200: NotificationSummary, ...errors },
          },
        },
        (request) => services.notifications.summary(signedInUser(request)),
      );

      signedIn.post(
        '/notifications/read-all',
        {
          schema: {
            tags,
            summary: 'Mark all your notifications read',
            response: { 204: noContent, ...errors },
          },
        },
        async (request, reply) => {
          await services.notifications.markAllRead(signedInUser(request));
          return reply.status(204).send(null);
        },
      );

      signedIn.post(
        '/notifications/:id/read',
        {
          schema: {
            tags,
            summary: 'Mark one of your notifications read',
            params: NotificationId,
            response: { 204: noContent, ...errors },
          },
        },
        async (request, reply) => {
          await services.notifications.markRead(signedInUser(request), request.params.id);
          return reply.status(204).send(null);
        },
      );

      signedIn.delete(
        '/notifications/:id',
        {
          schema: {
            tags,
            summary: 'Delete one of your notifications',
            params: NotificationId,
            response: { 204: noContent, ...errors },
          },
        },
        async (request, reply) => {
          await services.notifications.remove(signedInUser(request), request.params.id);
          return reply.status(204).send(null);
        },
      );
    });
  };
