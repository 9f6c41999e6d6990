import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { type EventStreamOptions, openEventStream } from '../../infra/live/event-stream.ts';
import type { Services } from '../../services.ts';

// Loose: the validated headers replace the request's, and the cookie and the others must stay.
const StreamHeaders = z.looseObject({ 'last-event-id': z.string().max(256).optional() });

export const eventsRoutes =
  (services: Services, streamOptions: Omit<EventStreamOptions, 'headers'>): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.events.stream,
        {
          tags: ['live'],
          summary:
            'Server-Sent Events for this tab: `notification`, `received-share`, `entry` (ids only: refetch) and `resync` after a reconnect with Last-Event-ID',
          headers: StreamHeaders,
        },
        async (request, reply) => {
          const isReconnect = request.headers['last-event-id'] !== undefined;
          await services.events.open(signedInUser(request), request.sessionId!, isReconnect, () => {
            // From here on the answer is ours to write, byte by byte, for as long as the tab stays.
            reply.hijack();
            return openEventStream(reply.raw, { ...streamOptions, headers: reply.getHeaders() });
          });
          return reply;
        },
      );
    });
  };
