import { z } from 'zod';

/** What several of the sharing module's operations take. */

export const Id = z.object({ id: z.uuid() });

export const Created = z.object({ id: z.string() });
