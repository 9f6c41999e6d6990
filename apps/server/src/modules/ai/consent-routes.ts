import {
  AiConsent,
  AiConsentFeature,
  AiConsents,
  ApiError,
  ConversationKind,
  ConversationsToConvert,
  ConvertConversationInput,
  GiveAiConsentInput,
  SealedTurnInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };
const FeatureParams = z.object({ feature: AiConsentFeature });
const ConversationParams = z.object({ kind: ConversationKind, id: z.uuid() });

/** AI by consent for private accounts (ADR 104): the consents, and the turns their browsers seal. */
export const aiConsentRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['ai'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/ai/consents',
        {
          schema: {
            tags,
            summary:
              "Whether your AI features ask first, the provider's host, and the features you consented to",
            response: { 200: AiConsents, ...errors },
          },
        },
        (request) => services.ai.consents.list(signedInUser(request)),
      );

      signedIn.put(
        '/ai/consents/:feature',
        {
          schema: {
            tags,
            summary: "Consent to sending what this feature reads to the provider's host named",
            params: FeatureParams,
            body: GiveAiConsentInput,
            response: { 200: AiConsent, ...errors },
          },
        },
        (request) =>
          services.ai.consents.give(signedInUser(request), request.params.feature, request.body.providerHost),
      );

      signedIn.delete(
        '/ai/consents/:feature',
        {
          schema: {
            tags,
            summary: 'Withdraw your consent to this feature: it asks again before its next use',
            params: FeatureParams,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.ai.consents.withdraw(signedInUser(request), request.params.feature);
          return reply.status(204).send(null);
        },
      );

      signedIn.get(
        '/ai/conversations/to-convert',
        {
          schema: {
            tags,
            summary:
              'Switching private mode: your conversations still holding texts of version `from`, a page at a time',
            querystring: z.object({ from: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }),
            response: { 200: ConversationsToConvert, ...errors },
          },
        },
        (request) => services.ai.conversion.toConvert(signedInUser(request), request.query.from),
      );

      signedIn.put(
        '/ai/:kind/conversations/:id/version',
        {
          bodyLimit: 8 * 1024 * 1024,
          schema: {
            tags,
            summary:
              'Switching private mode: a conversation turned whole, sealed in your browser (on) or opened there (off)',
            params: ConversationParams,
            body: ConvertConversationInput,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.ai.conversion.convert(
            signedInUser(request),
            request.params.kind,
            request.params.id,
            request.body,
          );
          return reply.status(204).send(null);
        },
      );

      signedIn.post(
        '/ai/:kind/conversations/:id/turns',
        {
          bodyLimit: 128 * 1024,
          config: { rateLimit: { max: 60, timeWindow: '1 minute', groupId: ':ai-turns' } },
          schema: {
            tags,
            summary:
              'Private mode: store a turn your browser sealed after the reply arrived (the server cannot open it)',
            params: ConversationParams,
            body: SealedTurnInput,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.ai.storeSealedTurn(
            signedInUser(request),
            request.params.kind,
            request.params.id,
            request.body,
          );
          return reply.status(204).send(null);
        },
      );
    });
  };
