import { api, HealthResponse } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

export const healthRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      api.health.check,
      {
        tags: ['system'],
        summary: 'Liveness and database check',
        config: { rateLimit: false },
        // The database is down: the same report, with 503.
        responses: { 503: HealthResponse },
      },
      async (_request, reply) => {
        const health = await services.health.check();
        if (health.status !== 'ok') reply.status(503);
        return health;
      },
    );
  };
