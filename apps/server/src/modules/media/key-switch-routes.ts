/*
 * Private mode's switch routes for an entry's attachment: writing it over sealed under the account key when the
 * switch goes on (ADR 096), and back under the server's key when it goes off (ADR 097). Registered from routes.ts
 * inside its signed-in scope; apart because only a switching browser calls them (ADR 100).
 */
import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';
import { receiveSealed, SEALED_THUMBNAIL_MAX_BYTES, sealedBytesFor } from './sealed-upload.ts';
import { maxBytesFor } from './service.ts';

export const mediaKeySwitchRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(
      signedIn,
      api.media.reseal,
      {
        tags,
        summary:
          "Private mode: replace an entry's attachment with the same file sealed in the browser under the account key (switching on)",
        bodyLimit: sealedBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
        config: { rateLimit: { max: 600, timeWindow: '10 minutes', groupId: ':reseal' } },
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

    route(
      signedIn,
      api.media.unseal,
      {
        tags,
        summary:
          "Switching private mode off: replace an entry's attachment sealed under the account key with the same file opened in the browser, sealed under the server's key",
        bodyLimit: maxBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
        config: { rateLimit: { max: 600, timeWindow: '10 minutes', groupId: ':reseal' } },
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
