import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ApiError,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MediaDraft,
  MediaType,
  ModerateImageInput,
  ModerateVideoInput,
  ModerationResult,
  ResealedMedia,
  ResealMediaQuery,
  SealedMediaDraftQuery,
  SignedMediaUrl,
  SignedThumbnailUrl,
  UnsealedMedia,
  VideoPoster,
  VideoPosterInput,
} from '@daybook/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { sendByteRange } from '../../infra/http/byte-range.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { receiveSealed, SEALED_THUMBNAIL_MAX_BYTES, sealedBytesFor } from './sealed-upload.ts';
import { maxBytesFor, tooLargeMessage } from './service.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  404: ApiError,
  413: ApiError,
  422: ApiError,
  429: ApiError,
};
const dataUrlBytes = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

export const mediaRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['media'];

    // Every stored file is served here, on local disk and S3 alike, and only with a valid, unexpired signature:
    // files are sealed at rest (ADR 081), so no store could serve them itself.
    app.get(
      '/media/file',
      {
        config: { rateLimit: false },
        schema: {
          hide: true,
          querystring: z.object({
            path: z.string(),
            expires: z.coerce.number(),
            type: z.string(),
            signature: z.string(),
          }),
        },
      },
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

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));
      await signedIn.register(multipart, {
        limits: { files: 1, fields: 2, fileSize: MEDIA_LIMITS.video.maxBytes },
      });

      signedIn.post(
        '/media/drafts',
        {
          bodyLimit: MEDIA_LIMITS.video.maxBytes + 64 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':upload' } },
          schema: {
            tags,
            summary:
              'Upload an image, audio or video file (multipart field "file") as a draft for the next entry',
            querystring: z.object({ mediaType: MediaType }),
            response: { 201: MediaDraft, ...errors },
          },
        },
        async (request, reply) => {
          const user = signedInUser(request);
          const type = request.query.mediaType;
          // Refuse by plan before reading a byte of a file the user may not store.
          await services.media.assertPlanAllows(user, type);
          if (!request.isMultipart())
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              MEDIA_MESSAGES.uploadFailed('send it as multipart/form-data'),
            );
          // A malformed multipart body (wrong boundary, cut short, a bad JSON field) rejects here; limits stay 413.
          const upload = await request
            .file({ limits: { fileSize: maxBytesFor(type), files: 1 } })
            .catch((error: { statusCode?: number }) => {
              if (error.statusCode === 413) throw error;
              throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.uploadFailed('the form data is malformed'));
            });
          if (!upload) throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.uploadFailed('no file was sent'));
          await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
          // The client's file name is never used: paths are built from ids.
          const tempFile = path.join(deps.tmpDir, `${randomUUID()}.upload`);
          let draft: MediaDraft;
          try {
            try {
              await pipeline(upload.file, createWriteStream(tempFile, { mode: 0o600 }));
            } catch {
              throw new AppError('MEDIA_INVALID', MEDIA_MESSAGES.uploadFailed('the upload was interrupted'));
            }
            if (upload.file.truncated) throw new AppError('MEDIA_TOO_LARGE', tooLargeMessage(type));
            const { size } = await stat(tempFile);
            draft = await services.media.createDraft(user, type, tempFile, size);
          } finally {
            // Before answering, so that no temporary file outlives its request.
            await rm(tempFile, { force: true });
          }
          return reply.status(201).send(draft);
        },
      );

      signedIn.post(
        '/media/sealed-drafts',
        {
          bodyLimit: sealedBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':upload' } },
          schema: {
            tags,
            summary:
              'Private mode: upload a file sealed in the browser under the account key (multipart "file", and "thumbnail" for a photo or video) as a draft',
            querystring: SealedMediaDraftQuery,
            response: { 201: MediaDraft, 409: ApiError, ...errors },
          },
        },
        async (request, reply) => {
          const user = signedInUser(request);
          await services.media.assertPlanAllows(user, request.query.mediaType);
          const { upload, cleanUp } = await receiveSealed(
            request,
            deps.tmpDir,
            sealedBytesFor(request.query.mediaType),
          );
          try {
            const draft = await services.media.createSealedDraft(user, request.query, upload);
            return reply.status(201).send(draft);
          } finally {
            await cleanUp();
          }
        },
      );

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

      signedIn.put(
        '/media/drafts/:id/poster',
        {
          bodyLimit: 3 * 1024 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':upload' } },
          schema: {
            tags,
            summary: "Store a video draft's poster: a frame sampled by the browser, kept as its thumbnail",
            params: z.object({ id: z.uuid() }),
            body: VideoPosterInput,
            response: { 200: VideoPoster, ...errors },
          },
        },
        (request) =>
          services.media.setVideoPoster(
            signedInUser(request),
            request.params.id,
            dataUrlBytes(request.body.poster),
          ),
      );

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

      signedIn.post(
        '/moderation/image',
        {
          bodyLimit: 12 * 1024 * 1024,
          config: { rateLimit: { max: 60, timeWindow: '10 minutes', groupId: ':moderate-image' } },
          schema: {
            tags: ['moderation'],
            summary: 'Moderate an image (data URL)',
            body: ModerateImageInput,
            response: { 200: ModerationResult, ...errors },
          },
        },
        (request) => services.media.moderateImage(dataUrlBytes(request.body.imageData)),
      );

      signedIn.post(
        '/moderation/video',
        {
          bodyLimit: 12 * 1024 * 1024,
          config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':moderate-video' } },
          schema: {
            tags: ['moderation'],
            summary: 'Moderate five video frames (data URLs)',
            body: ModerateVideoInput,
            response: { 200: ModerationResult, ...errors },
          },
        },
        (request) => services.media.moderateVideoFrames(request.body.frames.map(dataUrlBytes)),
      );
    });
  };
