import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ApiError,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  ImportBatch,
  ImportBatchRemoval,
  ImportId,
  ImportJob,
  PrivateImportAttachmentQuery,
  PrivateImportAttachmentStored,
  PrivateImportBatchCreated,
  PrivateImportBatchInput,
  PrivateImportCheck,
  PrivateImportKnown,
  PrivateImportUpload,
  PrivateImportWritten,
} from '@daybook/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { receiveSealed, SEALED_THUMBNAIL_MAX_BYTES, sealedBytesFor } from '../media/service.ts';

const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  404: ApiError,
  409: ApiError,
  413: ApiError,
  415: ApiError,
  422: ApiError,
  429: ApiError,
};

export const importRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['import'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));
      await signedIn.register(multipart, {
        limits: { files: 1, fields: 0, fileSize: IMPORT_LIMITS.maxArchiveBytes },
      });

      signedIn.post(
        '/import',
        {
          bodyLimit: IMPORT_LIMITS.maxArchiveBytes + 64 * 1024,
          config: { rateLimit: { max: 10, timeWindow: '10 minutes', groupId: ':import' } },
          schema: {
            tags,
            summary:
              'Upload a Daybook or Day One export (multipart field "archive", a .zip); a background job checks it',
            response: { 202: ImportJob, ...errors },
          },
        },
        async (request, reply) => {
          const user = signedInUser(request);
          if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.noFile);
          const upload = await request.file().catch((error: { statusCode?: number }) => {
            if (error.statusCode === 413) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
            throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.noFile);
          });
          if (!upload) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.noFile);
          await mkdir(deps.tmpDir, { recursive: true, mode: 0o700 });
          // Streamed to disk, never held in memory; the client's file name is never used.
          const tempFile = path.join(deps.tmpDir, `${randomUUID()}.zip`);
          try {
            try {
              await pipeline(upload.file, createWriteStream(tempFile, { mode: 0o600 }));
            } catch {
              throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.interrupted);
            }
            if (upload.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
            return reply.status(202).send(await services.imports.start(user, tempFile));
          } finally {
            await rm(tempFile, { force: true });
          }
        },
      );

      signedIn.get(
        '/import/current',
        {
          schema: {
            tags,
            summary:
              "The user's latest import: being checked, waiting for confirmation, being written, or its outcome",
            response: { 200: ImportJob.nullable(), ...errors },
          },
        },
        (request) => services.imports.current(signedInUser(request)),
      );

      signedIn.post(
        '/import/:id/confirm',
        {
          config: { rateLimit: { max: 10, timeWindow: '10 minutes', groupId: ':import-confirm' } },
          schema: {
            tags,
            summary: 'Import a checked archive (once, within an hour); a background job writes the entries',
            params: ImportId,
            response: { 202: ImportJob, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(202).send(await services.imports.confirm(signedInUser(request), request.params.id)),
      );

      // A private-mode account's import, parsed and sealed in the browser (ADR 099).
      signedIn.post(
        '/import/private/known',
        {
          config: { rateLimit: { max: 120, timeWindow: '10 minutes', groupId: ':import-private' } },
          schema: {
            tags,
            summary: "Which of a private account's keyed import names (and archive entry ids) it has already",
            body: PrivateImportCheck,
            response: { 200: PrivateImportKnown, ...errors },
          },
        },
        (request) => services.imports.privateKnown(signedInUser(request), request.body),
      );

      signedIn.post(
        '/import/private/batches',
        {
          config: { rateLimit: { max: 10, timeWindow: '10 minutes', groupId: ':import' } },
          schema: {
            tags,
            summary: 'Open the batch a private account writes its browser-sealed import into (its undo)',
            body: PrivateImportBatchInput,
            response: { 201: PrivateImportBatchCreated, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await services.imports.privateBatch(signedInUser(request), request.body.source)),
      );

      signedIn.post(
        '/import/private/batches/:id/entries',
        {
          config: { rateLimit: { max: 600, timeWindow: '10 minutes', groupId: ':import-private-entries' } },
          schema: {
            tags,
            summary:
              'Write up to 50 version-2 entries sealed in the browser into the batch; names the account has are skipped',
            params: ImportId,
            body: PrivateImportUpload,
            response: { 200: PrivateImportWritten, ...errors },
          },
        },
        (request) => services.imports.privateUpload(signedInUser(request), request.params.id, request.body),
      );

      signedIn.post(
        '/import/private/batches/:id/attachments',
        {
          bodyLimit: sealedBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
          // An archive's photos arrive one request each: a bound of its own, well above a journal's media per
          // ten minutes at this machine's upload speed, so a large import is not cut by the entries' bound.
          config: {
            rateLimit: { max: 2000, timeWindow: '10 minutes', groupId: ':import-private-attachments' },
          },
          schema: {
            tags,
            summary:
              'Store one attachment of the batch\'s entries, sealed in the browser under the account key (multipart "file", and "thumbnail" for a photo or video), as a draft the entry upload claims',
            params: ImportId,
            querystring: PrivateImportAttachmentQuery,
            response: { 201: PrivateImportAttachmentStored, ...errors },
          },
        },
        async (request, reply) => {
          const user = signedInUser(request);
          // Owner, private mode and batch first, so nothing is received for a batch that is not the caller's.
          await services.imports.assertPrivateBatch(user, request.params.id);
          const kind = request.query.mediaType === 'pdf' ? 'audio' : request.query.mediaType;
          const { upload, cleanUp } = await receiveSealed(request, deps.tmpDir, sealedBytesFor(kind));
          try {
            const stored = await services.imports.privateAttachment(
              user,
              request.params.id,
              request.query,
              upload,
            );
            return reply.status(201).send(stored);
          } finally {
            await cleanUp();
          }
        },
      );

      signedIn.get(
        '/import/batches',
        {
          schema: {
            tags,
            summary: 'The imports confirmed, newest first, counted from their entries still in the journal',
            response: { 200: z.array(ImportBatch), ...errors },
          },
        },
        (request) => services.imports.batches(signedInUser(request)),
      );

      signedIn.delete(
        '/import/batches/:id',
        {
          schema: {
            tags,
            summary: 'Remove an import as a whole: every entry it wrote and their media',
            params: ImportId,
            response: { 200: ImportBatchRemoval, ...errors },
          },
        },
        (request) => services.imports.removeBatch(signedInUser(request), request.params.id),
      );

      signedIn.get(
        '/import/:id',
        {
          schema: {
            tags,
            summary: 'One import: its state, progress, preview, report or error',
            params: ImportId,
            response: { 200: ImportJob, ...errors },
          },
        },
        (request) => services.imports.get(signedInUser(request), request.params.id),
      );

      signedIn.delete(
        '/import/:id',
        {
          schema: {
            tags,
            summary:
              'Cancel a check or an import being written (nothing of it stays), drop a preview, or dismiss an outcome',
            params: ImportId,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.imports.cancel(signedInUser(request), request.params.id);
          return reply.status(204).send(null);
        },
      );
    });
  };
