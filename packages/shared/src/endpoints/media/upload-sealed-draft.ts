import { MediaDraft, SealedMediaDraftQuery } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';

/** A file sealed in the browser (private mode, ADR 096), as multipart ("file", and "thumbnail"). */
export const uploadSealedDraft = {
  method: 'POST',
  path: '/api/media/sealed-drafts',
  query: SealedMediaDraftQuery,
  response: MediaDraft,
  status: 201,
} as const satisfies Endpoint;
