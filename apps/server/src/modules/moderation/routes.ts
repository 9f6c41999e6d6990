import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

export const moderationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));
      route(
        signedIn,
        api.moderation.text,
        {
          tags: ['moderation'],
          summary: 'Moderate text before it is saved (the server checks again on save)',
          config: { rateLimit: { max: 120, timeWindow: '1 minute', groupId: ':moderate-text' } },
        },
        (request) =>
          services.moderation.text.moderate(request.body.text, { audience: request.body.audience ?? 'self' }),
      );
    });
  };
