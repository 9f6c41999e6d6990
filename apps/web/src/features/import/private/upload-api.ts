import {
  ImportSource,
  PrivateImportAttachmentQuery,
  PrivateImportAttachmentStored,
  PrivateImportBatchCreated,
  PrivateImportKnown,
  type PrivateImportTransport,
  PrivateImportWritten,
} from '@daybook/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/*
 * The routes a private-mode account's browser-side import uses (ADR 099): the keyed-name check, the batch, and the
 * sealed entries and attachments. Every answer is parsed with its shared schema.
 */

/** The browser-side import's transport: the app's private import routes. */
export function privateImportTransport(signal?: AbortSignal): PrivateImportTransport {
  return {
    known: (check) =>
      apiRequest('/api/import/private/known', {
        method: 'POST',
        body: check,
        schema: PrivateImportKnown,
        signal,
      }),
    createBatch: (source) =>
      apiRequest('/api/import/private/batches', {
        method: 'POST',
        body: { source: ImportSource.parse(source) },
        schema: PrivateImportBatchCreated,
        signal,
      }),
    upload: (batchId, entries) =>
      apiRequest(`/api/import/private/batches/${encodeURIComponent(batchId)}/entries`, {
        method: 'POST',
        body: { entries },
        schema: PrivateImportWritten,
        signal,
      }),
  };
}

/**
 * One attachment of the batch's entries, sealed here (key kind 1) with its sealed thumbnail: stored by the server as
 * it comes, as a draft the entry upload claims (ADR 099, amended). What the server cannot read is declared.
 */
export function storePrivateAttachment(
  batchId: string,
  declared: PrivateImportAttachmentQuery,
  sealed: Blob,
  thumbnail: Blob | null,
  signal?: AbortSignal,
): Promise<PrivateImportAttachmentStored> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(PrivateImportAttachmentQuery.parse(declared)))
    if (value !== undefined) query.set(name, String(value));
  const form = new FormData();
  form.append('file', sealed, 'sealed.bin');
  if (thumbnail) form.append('thumbnail', thumbnail, 'thumbnail.bin');
  return apiRequest(`/api/import/private/batches/${encodeURIComponent(batchId)}/attachments?${query}`, {
    method: 'POST',
    body: form,
    schema: PrivateImportAttachmentStored,
    ...(signal ? { signal } : {}),
  });
}
