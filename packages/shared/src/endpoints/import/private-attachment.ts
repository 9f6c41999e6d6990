import { ImportId } from '../../schemas/import.ts';
import { PrivateImportAttachmentQuery, PrivateImportAttachmentStored } from '../../schemas/private-import.ts';
import type { Endpoint } from '../endpoint.ts';

/** One attachment sealed in the browser, as multipart ("file", and "thumbnail"). */
export const privateAttachment = {
  method: 'POST',
  path: '/api/import/private/batches/:id/attachments',
  params: ImportId,
  query: PrivateImportAttachmentQuery,
  response: PrivateImportAttachmentStored,
  status: 201,
} as const satisfies Endpoint;
