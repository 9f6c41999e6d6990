/*
 * Private mode's switch routes for an entry's attachment: writing it over sealed under the account key when the
 * switch goes on (ADR 096), and back under the server's key when it goes off (ADR 097). Registered from routes.ts
 * inside its signed-in scope; apart because only a switching browser calls them (ADR 100).
 */
import { ApiError, ResealedMedia, ResealMediaQuery, UnsealedMedia } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';
import { receiveSealed, SEALED_THUMBNAIL_MAX_BYTES, sealedBytesFor } from './sealed-upload.ts';
import { maxBytesFor } from './service.ts';

export const mediaKeySwitchRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (signedIn) => {
    signedIn.put(
      '/entries/:id/media/sealed',
      {
        bodyLimit: sealedBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
        config: { rateLimit: { max: 600, timeWindow: '10 minutes', groupId: ':reseal' } },
        schema: {
          tags,
          summary:
            "Private mode: replace an entry's attachment with the same file sealed in the browser under the account key (switching on)",
          params: z.object({ id: z.uuid() }),
          querystring: ResealMediaQuery,
          response: { 200: ResealedMedia, 409: ApiError, ...errors },
        },
      },
      async (request) => {
        const { upload, cleanUp } = await receiveSealed(request, deps.tmpDir, sealedBytesFor('video'));
        try {
          return await services.entries.resealMedia(
            signedInUser(request),
            request.params.id,
            request.query,
            upload,
          );
        } finally {
          await cleanUp();
        }
      },
    );

    signedIn.put(
      '/entries/:id/media/unsealed',
      {
        bodyLimit: maxBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
        config: { rateLimit: { max: 600, timeWindow: '10 minutes', groupId: ':reseal' } },
        schema: {
          tags,
          summary:
            "Switching private mode off: replace an entry's attachment sealed under the account key with the same file opened in the browser, sealed under the server's key",
          params: z.object({ id: z.uuid() }),
          querystring: ResealMediaQuery,
          response: { 200: UnsealedMedia, 409: ApiError, ...errors },
        },
      },
      async (request) => {
        // Multipart as a sealed upload is ("file", "thumbnail"), only with the plaintext in it.
        const { upload, cleanUp } = await receiveSealed(request, deps.tmpDir, maxBytesFor('video'));
        try {
          return await services.entries.unsealMedia(
            signedInUser(request),
            request.params.id,
            request.query,
            upload,
          );
        } finally {
          await cleanUp();
        }
      },
    );
  };
