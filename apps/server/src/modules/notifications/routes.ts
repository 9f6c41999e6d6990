import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['notifications'];

export const notificationsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.notifications.list,
        { tags, summary: 'Your notifications, newest first (page 0-based), with the total' },
        (request) => services.notifications.list(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.notifications.summary,
        { tags, summary: 'The bell: your 5 newest notifications and the unread count' },
        (request) => services.notifications.summary(signedInUser(request)),
      );

      route(
        signedIn,
        api.notifications.readAll,
        { tags, summary: 'Mark all your notifications read' },
        async (request) => {
          await services.notifications.markAllRead(signedInUser(request));
        },
      );

      route(
        signedIn,
        api.notifications.read,
        { tags, summary: 'Mark one of your notifications read' },
        async (request) => {
          await services.notifications.markRead(signedInUser(request), request.params.id);
        },
      );

      route(
        signedIn,
        api.notifications.remove,
        { tags, summary: 'Delete one of your notifications' },
        async (request) => {
          await services.notifications.remove(signedInUser(request), request.params.id);
        },
      );
    });
  };
