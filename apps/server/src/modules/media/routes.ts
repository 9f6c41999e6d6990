import { api, MEDIA_LIMITS, MEDIA_MESSAGES } from '@daybook/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../infra/http/authenticate.ts';
import { sendByteRange } from '../../infra/http/byte-range.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { mediaKeySwitchRoutes } from './key-switch-routes.ts';
import { mediaLinkRoutes } from './link-routes.ts';
import { mediaModerationRoutes } from './moderation-routes.ts';
import { mediaUploadRoutes } from './upload-routes.ts';

/*
 * Media's routes, one file per audience (ADR 100): the signed file link served here, and inside one signed-in
 * scope (its sign-in hook and multipart parser) the uploads (upload-routes.ts), private mode's switch
 * (key-switch-routes.ts), the signed links (link-routes.ts) and the browser's moderation (moderation-routes.ts).
 */
export const mediaRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    // Every stored file is served here, on local disk and S3 alike, and only with a valid, unexpired signature:
    // files are sealed at rest (ADR 081), so no store could serve them itself. Left out of the API docs as before:
    // @fastify/swagger's hidden tag.
    route(
      app,
      api.media.file,
      { tags: ['X-HIDDEN'], summary: 'A stored file by its signed link', config: { rateLimit: false } },
      async (request, reply) => {
        const links = services.mediaLinks;
        if (!links.verify(request.query))
          throw new AppError('MEDIA_LINK_INVALID', MEDIA_MESSAGES.linkInvalid);
        // A link issued before its entry was deleted stops working at once, not when it expires.
        if (!(await services.media.isAttached(request.query.path)))
          throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
        const opened = await services.media.openStored(request.query.path);
        if (!opened) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.unavailable);
        reply
          // A file under the account key (ADR 096) is served as stored, for the owner's browser to open: it is
          // no picture or sound, and says so.
          .header('content-type', opened.sealedByUser ? 'application/octet-stream' : request.query.type)
          .header('content-disposition', 'inline')
          .header('cache-control', `private, max-age=${links.secondsLeft(request.query.expires)}`)
          .header('x-content-type-options', 'nosniff');
        return sendByteRange(reply, request.headers.range, opened.size, opened.read);
      },
    );

    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));
      await signedIn.register(multipart, {
        limits: { files: 1, fields: 2, fileSize: MEDIA_LIMITS.video.maxBytes },
      });

      await signedIn.register(mediaUploadRoutes(services, deps));
      await signedIn.register(mediaKeySwitchRoutes(services, deps));
      await signedIn.register(mediaLinkRoutes(services));
      await signedIn.register(mediaModerationRoutes(services));
    });
  };
