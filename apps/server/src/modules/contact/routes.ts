import { ApiError, ContactMessageCreated, CreateContactMessageInput } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';

export const contactRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/contact',
      {
        config: { rateLimit: { max: 5, timeWindow: '10 minutes', groupId: ':contact' } },
        schema: {
          tags: ['contact'],
          summary: 'Send a message to the team',
          body: CreateContactMessageInput,
          response: { 201: ContactMessageCreated, 400: ApiError, 429: ApiError },
        },
      },
      async (request, reply) => {
        const created = await services.contact.submit(request.body);
        return reply.status(201).send(created);
      },
    );
  };
