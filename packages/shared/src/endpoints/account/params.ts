import { z } from 'zod';

/** What several of the account module's operations take. */

export const Id = z.object({ id: z.uuid() });
