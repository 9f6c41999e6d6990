import { z } from 'zod';
import { ImportBatch, ImportBatchRemoval, ImportId, ImportJob } from '../schemas/import.ts';
import {
  PrivateImportAttachmentQuery,
  PrivateImportAttachmentStored,
  PrivateImportBatchCreated,
  PrivateImportBatchInput,
  PrivateImportCheck,
  PrivateImportKnown,
  PrivateImportUpload,
  PrivateImportWritten,
} from '../schemas/private-import.ts';
import type { Endpoint } from './endpoint.ts';

/** The import module's operations (apps/server/src/modules/import). */

/** An archive, as multipart (field "archive"), which a background job checks. */
export const upload = {
  method: 'POST',
  path: '/api/import',
  response: ImportJob,
  status: 202,
} as const satisfies Endpoint;

export const current = {
  method: 'GET',
  path: '/api/import/current',
  response: ImportJob.nullable(),
} as const satisfies Endpoint;

export const confirm = {
  method: 'POST',
  path: '/api/import/:id/confirm',
  params: ImportId,
  response: ImportJob,
  status: 202,
} as const satisfies Endpoint;

// A private-mode account's import, parsed and sealed in the browser (ADR 099).

export const privateKnown = {
  method: 'POST',
  path: '/api/import/private/known',
  body: PrivateImportCheck,
  response: PrivateImportKnown,
} as const satisfies Endpoint;

export const privateBatch = {
  method: 'POST',
  path: '/api/import/private/batches',
  body: PrivateImportBatchInput,
  response: PrivateImportBatchCreated,
  status: 201,
} as const satisfies Endpoint;

export const privateEntries = {
  method: 'POST',
  path: '/api/import/private/batches/:id/entries',
  params: ImportId,
  body: PrivateImportUpload,
  response: PrivateImportWritten,
} as const satisfies Endpoint;

/** One attachment sealed in the browser, as multipart ("file", and "thumbnail"). */
export const privateAttachment = {
  method: 'POST',
  path: '/api/import/private/batches/:id/attachments',
  params: ImportId,
  query: PrivateImportAttachmentQuery,
  response: PrivateImportAttachmentStored,
  status: 201,
} as const satisfies Endpoint;

export const batches = {
  method: 'GET',
  path: '/api/import/batches',
  response: z.array(ImportBatch),
} as const satisfies Endpoint;

export const removeBatch = {
  method: 'DELETE',
  path: '/api/import/batches/:id',
  params: ImportId,
  response: ImportBatchRemoval,
} as const satisfies Endpoint;

export const get = {
  method: 'GET',
  path: '/api/import/:id',
  params: ImportId,
  response: ImportJob,
} as const satisfies Endpoint;

/** Cancels a check or a write, drops a preview, or dismisses an outcome. */
export const cancel = {
  method: 'DELETE',
  path: '/api/import/:id',
  params: ImportId,
  status: 204,
} as const satisfies Endpoint;
