import { ApiError, ExportQuery, ExportSummary, SealedExportPage, SealedExportQuery } from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError };

/**
 * Export (ADR 035). An archive holds the whole journal decrypted, and making one reads every entry and
 * file: a few per quarter hour are plenty for a person and keep a stolen session from looping over it.
 */
export const EXPORT_RATE_LIMIT = { max: 5, timeWindow: '15 minutes', groupId: ':export' } as const;

export const exportRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['export'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/export/summary',
        {
          schema: {
            tags,
            summary:
              'What an export of this range will hold: entries, media files and the expected archive size',
            querystring: ExportQuery,
            response: { 200: ExportSummary, ...errors },
          },
        },
        (request) => services.exports.summary(signedInUser(request), request.query),
      );

      signedIn.get(
        '/export/sealed',
        {
          config: { rateLimit: { max: 600, timeWindow: '15 minutes', groupId: ':export-sealed' } },
          schema: {
            tags,
            summary:
              "A page of a private account's entries as stored (sealed), for the archive its browser builds",
            querystring: SealedExportQuery,
            response: { 200: SealedExportPage, ...errors },
          },
        },
        (request) => services.exports.sealedPage(signedInUser(request), request.query),
      );

      signedIn.get(
        '/export/archive',
        {
          config: { rateLimit: EXPORT_RATE_LIMIT },
          schema: {
            tags,
            summary:
              'Your entries (decrypted), their Markdown and media as one .zip, streamed as it is made; nothing is kept on the server',
            querystring: ExportQuery,
            produces: ['application/zip'],
          },
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
