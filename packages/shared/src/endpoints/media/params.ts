import { z } from 'zod';

/** What several of the media module's operations take. */

export const Id = z.object({ id: z.uuid() });

export const AttachmentId = z.object({ id: z.uuid(), attachmentId: z.uuid() });
