import { z } from 'zod';

/** What several of the entries module's operations take. */

export const EntryId = z.object({ id: z.uuid() });
