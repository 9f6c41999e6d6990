import { z } from 'zod';
import type { Endpoint } from '../endpoint.ts';

/** Test tools only (registered with TEST_TOOLS, never in production): sends today's reminder now. */
export const sendNow = {
  method: 'POST',
  path: '/api/dev/reminders/send-now',
  response: z.object({ sent: z.number().int() }),
} as const satisfies Endpoint;
