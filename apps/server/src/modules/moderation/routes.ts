import { ApiError, ModerateTextInput, ModerationResult } from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

export const moderationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));
      signedIn.post(
        '/moderation/text',
        {
          config: { rateLimit: { max: 120, timeWindow: '1 minute', groupId: ':moderate-text' } },
          schema: {
            tags: ['moderation'],
            summary: 'Moderate text before it is saved (the server checks again on save)',
            body: ModerateTextInput,
            response: { 200: ModerationResult, 400: ApiError, 401: ApiError, 429: ApiError },
          },
        },
        (request) =>
          services.moderation.text.moderate(request.body.text, { audience: request.body.audience ?? 'self' }),
      );
    });
  };
