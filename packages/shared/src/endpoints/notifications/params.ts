import { z } from 'zod';

/** What several of the notifications module's operations take. */

export const NotificationId = z.object({ id: z.uuid() });
