import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';
import { sendingRouteLimit } from '../sending-limits/service.ts';

const tags = ['future-messages'];

export const futureMessagesRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.futureMessages.schedule,
        {
          tags,
          summary: 'Schedule a message to your future self (encrypted in the browser; Premium)',
          config: sendingRouteLimit('futureMessages'),
          bodyLimit: 64 * 1024,
        },
        (request) => services.futureMessages.schedule(signedInUser(request), request.body),
      );

      route(
        signedIn,
        api.futureMessages.list,
        { tags, summary: 'Your messages: pending by send time, any other view newest first' },
        (request) => services.futureMessages.list(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.futureMessages.upcoming,
        { tags, summary: 'The next 3 pending messages by send time' },
        (request) => services.futureMessages.upcoming(signedInUser(request)),
      );

      route(signedIn, api.futureMessages.get, { tags, summary: 'One of your messages' }, (request) =>
        services.futureMessages.get(signedInUser(request), request.params.id),
      );

      route(signedIn, api.futureMessages.cancel, { tags, summary: 'Cancel a pending message' }, (request) =>
        services.futureMessages.cancel(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.futureMessages.sealPrivately,
        {
          tags,
          summary:
            'Replace one of your version-1 messages with its version-2 sealing, in place (switching private mode on)',
          bodyLimit: 64 * 1024,
        },
        (request) =>
          services.futureMessages.sealPrivately(signedInUser(request), request.params.id, request.body),
      );

      route(
        signedIn,
        api.futureMessages.sealReadably,
        {
          tags,
          summary:
            'Replace one of your version-2 messages with its version-1 sealing, in place (switching private mode off)',
          bodyLimit: 64 * 1024,
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
    route(
      app,
      api.futureMessages.processDue,
      {
        tags: ['development'],
        summary: 'Deliver your due future messages now (test tools only, from this machine only)',
      },
      async (request) => {
        const report = await services.futureMessages.deliverDue({ userId: signedInUser(request).id });
        return { processed: report.processed };
      },
    );
  };
