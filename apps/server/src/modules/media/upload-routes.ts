/*
 * The uploads' routes (docs/product: "Photo uploads"): a file the server checks, a file a private account's browser
 * sealed (ADR 096), and a video draft's poster (ADR 062). Registered from routes.ts inside its signed-in scope,
 * whose multipart parser and sign-in hook they use; apart so each route file holds one audience (ADR 100).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { api, MEDIA_LIMITS, MEDIA_MESSAGES, type MediaDraft } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { dataUrlBytes, tags } from './route-schemas.ts';
import { receiveSealed, SEALED_THUMBNAIL_MAX_BYTES, sealedBytesFor } from './sealed-upload.ts';
import { maxBytesFor, tooLargeMessage } from './service.ts';

export const mediaUploadRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(
      signedIn,
      api.media.uploadDraft,
      {
        tags,
        summary:
          'Upload an image, audio or video file (multipart field "file") as a draft for the next entry',
        bodyLimit: MEDIA_LIMITS.video.maxBytes + 64 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':upload' } },
      },
      async (request) => {
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
        return draft;
      },
    );

    route(
      signedIn,
      api.media.uploadSealedDraft,
      {
        tags,
        summary:
          'Private mode: upload a file sealed in the browser under the account key (multipart "file", and "thumbnail" for a photo or video) as a draft',
        bodyLimit: sealedBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':upload' } },
      },
      async (request) => {
        const user = signedInUser(request);
        await services.media.assertPlanAllows(user, request.query.mediaType);
        const { upload, cleanUp } = await receiveSealed(
          request,
          deps.tmpDir,
          sealedBytesFor(request.query.mediaType),
        );
        try {
          return await services.media.createSealedDraft(user, request.query, upload);
        } finally {
          await cleanUp();
        }
      },
    );

    route(
      signedIn,
      api.media.setPoster,
      {
        tags,
        summary: "Store a video draft's poster: a frame sampled by the browser, kept as its thumbnail",
        bodyLimit: 3 * 1024 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':upload' } },
      },
      (request) =>
        services.media.setVideoPoster(
          signedInUser(request),
          request.params.id,
          dataUrlBytes(request.body.poster),
        ),
    );
  };
