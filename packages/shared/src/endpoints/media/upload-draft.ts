import { z } from 'zod';
import { MediaDraft, MediaType } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';

/** A file the server checks, as multipart (field "file"). */
export const uploadDraft = {
  method: 'POST',
  path: '/api/media/drafts',
  query: z.object({ mediaType: MediaType }),
  response: MediaDraft,
  status: 201,
} as const satisfies Endpoint;
