import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';

/** Test tools only (registered with TEST_TOOLS, never in production): delivers your due messages now. */
export const processDue = {
  method: 'POST',
  path: '/api/dev/future-messages/process',
  response: z.object({ processed: z.number().int() }),
} as const satisfies Endpoint;
