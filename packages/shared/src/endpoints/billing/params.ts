import { z } from 'zod';

/** What several of the billing module's operations take. */

/** Session ids are ours (`cs_local_<hex>`): anything else, NUL included, never reaches the database (fuzz finding). */
export const SessionId = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'Unknown checkout session'),
});
