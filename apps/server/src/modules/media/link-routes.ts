/*
 * The signed links to an entry's files, found through the signed-in owner's entry: its attachment and thumbnail,
 * and an imported entry's further attachments (ADR 088). Registered from routes.ts inside its signed-in scope;
 * apart because reading is its own audience, beside uploads and the switch (ADR 100).
 */
import { SignedMediaUrl, SignedThumbnailUrl } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';

export const mediaLinkRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    signedIn.get(
      '/entries/:id/media-url',
      {
        schema: {
          tags,
          summary: "A signed URL for an entry's media, valid for one hour",
          params: z.object({ id: z.uuid() }),
          response: { 200: SignedMediaUrl, ...errors },
        },
      },
      (request) => services.entries.signedMediaUrl(signedInUser(request), request.params.id),
    );

    signedIn.get(
      '/entries/:id/thumbnail-url',
      {
        schema: {
          tags,
          summary:
            "A signed URL for an image entry's WebP thumbnail and its size; the same URL for hours, so it is cached",
          params: z.object({ id: z.uuid() }),
          response: { 200: SignedThumbnailUrl, ...errors },
        },
      },
      (request) => services.entries.signedThumbnailUrl(signedInUser(request), request.params.id),
    );

    // An imported entry's further attachments (ADR 088), found through the signed-in owner's entry.
    const AttachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });
    signedIn.get(
      '/entries/:id/attachments/:attachmentId/media-url',
      {
        schema: {
          tags,
          summary: "A signed URL for one of an imported entry's further attachments, valid for one hour",
          params: AttachmentParams,
          response: { 200: SignedMediaUrl, ...errors },
        },
      },
      (request) =>
        services.entries.signedAttachmentUrl(
          signedInUser(request),
          request.params.id,
          request.params.attachmentId,
        ),
    );

    signedIn.get(
      '/entries/:id/attachments/:attachmentId/thumbnail-url',
      {
        schema: {
          tags,
          summary: "A signed URL for the thumbnail of an imported entry's further photo (or video poster)",
          params: AttachmentParams,
          response: { 200: SignedThumbnailUrl, ...errors },
        },
      },
      (request) =>
        services.entries.signedAttachmentThumbnailUrl(
          signedInUser(request),
          request.params.id,
          request.params.attachmentId,
        ),
    );
  };
