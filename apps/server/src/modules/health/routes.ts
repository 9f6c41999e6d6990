import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

export const healthRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      api.health.check,
      { tags: ['system'], summary: 'Liveness and database check', config: { rateLimit: false } },
      async (_request, reply) => {
        const health = await services.health.check();
        if (health.status === 'ok') return health;
        // The database is down: the same answer with 503, serialized as it is, not as the API's refusals are.
        return reply.status(503).serializer(JSON.stringify).send(health);
      },
    );
  };
