import { z } from 'zod';

/** What several of the future-messages module's operations take. */

export const MessageId = z.object({ id: z.uuid() });
