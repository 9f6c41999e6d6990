import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['export'];

/**
 * Export (ADR 035). An archive holds the whole journal decrypted, and making one reads every entry and
 * file: a few per quarter hour are plenty for a person and keep a stolen session from looping over it.
 */
export const EXPORT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes', groupId: ':export' } as const;

export const exportRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.export.summary,
        {
          tags,
          summary:
            'What an export of this range will hold: entries, media files and the expected archive size',
        },
        (request) => services.exports.summary(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.export.sealed,
        {
          tags,
          summary:
            "A page of a private account's entries as stored (sealed), for the archive its browser builds",
          config: { rateLimit: { max: 600, timeWindow: '15 minutes', groupId: ':export-sealed' } },
        },
        (request) => services.exports.sealedPage(signedInUser(request), request.query),
      );

      route(
        signedIn,
        api.export.archive,
        {
          tags,
          summary:
            'Your entries (decrypted), their Markdown and media as one .zip, streamed as it is made; nothing is kept on the server',
          config: { rateLimit: EXPORT_RATE_LIMIT },
        },
        async (request, reply) => {
          // The client going away (Cancel, a closed tab) stops the export; nothing was written anywhere to clean up.
          const controller = new AbortController();
          reply.raw.on('close', () => {
            if (!reply.raw.writableFinished) controller.abort();
          });
          const archive = await services.exports.archive(
            signedInUser(request),
            request.query,
            controller.signal,
          );
          return reply
            .header('content-type', 'application/zip')
            .header('content-disposition', `attachment; filename="${archive.fileName}"`)
            .header('x-content-type-options', 'nosniff')
            .send(archive.stream);
        },
      );
    });
  };
