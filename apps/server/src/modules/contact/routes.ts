import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

export const contactRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    route(
      app,
      api.contact.send,
      {
        tags: ['contact'],
        summary: 'Send a message to the team',
        config: { rateLimit: { max: 5, timeWindow: '10 minutes', groupId: ':contact' } },
      },
      (request) => services.contact.submit(request.body),
    );
  };
