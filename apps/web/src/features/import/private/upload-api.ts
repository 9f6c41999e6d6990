import {
  api,
  ImportSource,
  PrivateImportAttachmentQuery,
  type PrivateImportAttachmentStored,
  type PrivateImportTransport,
} from '@daybook/shared';
import { callApi } from '../../../lib/api-client.ts';

/*
 * The routes a private-mode account's browser-side import uses (ADR 099): the keyed-name check, the batch, and the
 * sealed entries and attachments. Every answer is parsed with its shared schema.
 */

/** The browser-side import's transport: the app's private import routes. */
export function privateImportTransport(signal?: AbortSignal): PrivateImportTransport {
  return {
    known: (check) => callApi(api.import.privateKnown, { body: check, signal }),
    createBatch: (source) =>
      callApi(api.import.privateBatch, { body: { source: ImportSource.parse(source) }, signal }),
    upload: (batchId, entries) =>
      callApi(api.import.privateEntries, { params: { id: batchId }, body: { entries }, signal }),
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
  const query = PrivateImportAttachmentQuery.parse(declared);
  const form = new FormData();
  form.append('file', sealed, 'sealed.bin');
  if (thumbnail) form.append('thumbnail', thumbnail, 'thumbnail.bin');
  return callApi(api.import.privateAttachment, { params: { id: batchId }, query, form, signal });
}
