import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['ai'];

/** AI by consent for private accounts (ADR 104): the consents, and the turns their browsers seal. */
export const aiConsentRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.ai.consents,
        {
          tags,
          summary:
            "Whether your AI features ask first, the provider's host, and the features you consented to",
        },
        (request) => services.ai.consents.list(signedInUser(request)),
      );

      route(
        signedIn,
        api.ai.giveConsent,
        { tags, summary: "Consent to sending what this feature reads to the provider's host named" },
        (request) =>
          services.ai.consents.give(signedInUser(request), request.params.feature, request.body.providerHost),
      );

      route(
        signedIn,
        api.ai.withdrawConsent,
        { tags, summary: 'Withdraw your consent to this feature: it asks again before its next use' },
        async (request) => {
          await services.ai.consents.withdraw(signedInUser(request), request.params.feature);
        },
      );

      route(
        signedIn,
        api.ai.toConvert,
        {
          tags,
          summary:
            'Switching private mode: your conversations still holding texts of version `from`, a page at a time',
        },
        (request) => services.ai.conversion.toConvert(signedInUser(request), request.query.from),
      );

      route(
        signedIn,
        api.ai.convertConversation,
        {
          tags,
          summary:
            'Switching private mode: a conversation turned whole, sealed in your browser (on) or opened there (off)',
          bodyLimit: 8 * 1024 * 1024,
        },
        async (request) => {
          await services.ai.conversion.convert(
            signedInUser(request),
            request.params.kind,
            request.params.id,
            request.body,
          );
        },
      );

      route(
        signedIn,
        api.ai.storeSealedTurn,
        {
          tags,
          summary:
            'Private mode: store a turn your browser sealed after the reply arrived (the server cannot open it)',
          bodyLimit: 128 * 1024,
          config: { rateLimit: { max: 60, timeWindow: '1 minute', groupId: ':ai-turns' } },
        },
        async (request) => {
          await services.ai.storeSealedTurn(
            signedInUser(request),
            request.params.kind,
            request.params.id,
            request.body,
          );
        },
      );
    });
  };
