/*
 * The signed links to an entry's files, found through the signed-in owner's entry: its attachment and thumbnail,
 * and an imported entry's further attachments (ADR 088). Registered from routes.ts inside its signed-in scope;
 * apart because reading is its own audience, beside uploads and the switch (ADR 100).
 */
import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';

export const mediaLinkRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(
      signedIn,
      api.media.url,
      { tags, summary: "A signed URL for an entry's media, valid for one hour" },
      (request) => services.entries.signedMediaUrl(signedInUser(request), request.params.id),
    );

    route(
      signedIn,
      api.media.thumbnailUrl,
      {
        tags,
        summary:
          "A signed URL for an image entry's WebP thumbnail and its size; the same URL for hours, so it is cached",
      },
      (request) => services.entries.signedThumbnailUrl(signedInUser(request), request.params.id),
    );

    // An imported entry's further attachments (ADR 088), found through the signed-in owner's entry.
    route(
      signedIn,
      api.media.attachmentUrl,
      {
        tags,
        summary: "A signed URL for one of an imported entry's further attachments, valid for one hour",
      },
      (request) =>
        services.entries.signedAttachmentUrl(
          signedInUser(request),
          request.params.id,
          request.params.attachmentId,
        ),
    );

    route(
      signedIn,
      api.media.attachmentThumbnailUrl,
      {
        tags,
        summary: "A signed URL for the thumbnail of an imported entry's further photo (or video poster)",
      },
      (request) =>
        services.entries.signedAttachmentThumbnailUrl(
          signedInUser(request),
          request.params.id,
          request.params.attachmentId,
        ),
    );
  };
