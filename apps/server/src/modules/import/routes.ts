import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { api, IMPORT_LIMITS, IMPORT_MESSAGES } from '@daybook/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { receiveSealed, SEALED_THUMBNAIL_MAX_BYTES, sealedBytesFor } from '../media/service.ts';

const tags = ['import'];

export const importRoutes =
  (services: Services, deps: { tmpDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));
      await signedIn.register(multipart, {
        limits: { files: 1, fields: 0, fileSize: IMPORT_LIMITS.maxArchiveBytes },
      });

      route(
        signedIn,
        api.import.upload,
        {
          tags,
          summary:
            'Upload a Daybook or Day One export (multipart field "archive", a .zip); a background job checks it',
          bodyLimit: IMPORT_LIMITS.maxArchiveBytes + 64 * 1024,
          config: { rateLimit: { max: 10, timeWindow: '10 minutes', groupId: ':import' } },
        },
        async (request) => {
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
            return await services.imports.start(user, tempFile);
          } finally {
            await rm(tempFile, { force: true });
          }
        },
      );

      route(
        signedIn,
        api.import.current,
        {
          tags,
          summary:
            "The user's latest import: being checked, waiting for confirmation, being written, or its outcome",
        },
        (request) => services.imports.current(signedInUser(request)),
      );

      route(
        signedIn,
        api.import.confirm,
        {
          tags,
          summary: 'Import a checked archive (once, within an hour); a background job writes the entries',
          config: { rateLimit: { max: 10, timeWindow: '10 minutes', groupId: ':import-confirm' } },
        },
        (request) => services.imports.confirm(signedInUser(request), request.params.id),
      );

      // A private-mode account's import, parsed and sealed in the browser (ADR 099).
      route(
        signedIn,
        api.import.privateKnown,
        {
          tags,
          summary: "Which of a private account's keyed import names (and archive entry ids) it has already",
          config: { rateLimit: { max: 120, timeWindow: '10 minutes', groupId: ':import-private' } },
        },
        (request) => services.imports.privateKnown(signedInUser(request), request.body),
      );

      route(
        signedIn,
        api.import.privateBatch,
        {
          tags,
          summary: 'Open the batch a private account writes its browser-sealed import into (its undo)',
          config: { rateLimit: { max: 10, timeWindow: '10 minutes', groupId: ':import' } },
        },
        (request) => services.imports.privateBatch(signedInUser(request), request.body.source),
      );

      route(
        signedIn,
        api.import.privateEntries,
        {
          tags,
          summary:
            'Write up to 50 version-2 entries sealed in the browser into the batch; names the account has are skipped',
          config: { rateLimit: { max: 600, timeWindow: '10 minutes', groupId: ':import-private-entries' } },
        },
        (request) => services.imports.privateUpload(signedInUser(request), request.params.id, request.body),
      );

      route(
        signedIn,
        api.import.privateAttachment,
        {
          tags,
          summary:
            'Store one attachment of the batch\'s entries, sealed in the browser under the account key (multipart "file", and "thumbnail" for a photo or video), as a draft the entry upload claims',
          bodyLimit: sealedBytesFor('video') + SEALED_THUMBNAIL_MAX_BYTES + 64 * 1024,
          // An archive's photos arrive one request each: a bound of its own, well above a journal's media per
          // ten minutes at this machine's upload speed, so a large import is not cut by the entries' bound.
          config: {
            rateLimit: { max: 2000, timeWindow: '10 minutes', groupId: ':import-private-attachments' },
          },
        },
        async (request) => {
          const user = signedInUser(request);
          // Owner, private mode and batch first, so nothing is received for a batch that is not the caller's.
          await services.imports.assertPrivateBatch(user, request.params.id);
          const kind = request.query.mediaType === 'pdf' ? 'audio' : request.query.mediaType;
          const { upload, cleanUp } = await receiveSealed(request, deps.tmpDir, sealedBytesFor(kind));
          try {
            return await services.imports.privateAttachment(user, request.params.id, request.query, upload);
          } finally {
            await cleanUp();
          }
        },
      );

      route(
        signedIn,
        api.import.batches,
        {
          tags,
          summary: 'The imports confirmed, newest first, counted from their entries still in the journal',
        },
        (request) => services.imports.batches(signedInUser(request)),
      );

      route(
        signedIn,
        api.import.removeBatch,
        { tags, summary: 'Remove an import as a whole: every entry it wrote and their media' },
        (request) => services.imports.removeBatch(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.import.get,
        { tags, summary: 'One import: its state, progress, preview, report or error' },
        (request) => services.imports.get(signedInUser(request), request.params.id),
      );

      route(
        signedIn,
        api.import.cancel,
        {
          tags,
          summary:
            'Cancel a check or an import being written (nothing of it stays), drop a preview, or dismiss an outcome',
        },
        async (request) => {
          await services.imports.cancel(signedInUser(request), request.params.id);
        },
      );
    });
  };
