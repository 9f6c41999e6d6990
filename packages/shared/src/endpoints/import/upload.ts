import { ImportJob } from '../../schemas/import.ts';
import type { Endpoint } from '../endpoint.ts';

/** An archive, as multipart (field "archive"), which a background job checks. */
export const upload = {
  method: 'POST',
  path: '/api/import',
  response: ImportJob,
  status: 202,
} as const satisfies Endpoint;
