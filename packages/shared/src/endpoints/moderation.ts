import { ModerateTextInput, ModerationResult } from '../schemas/entries.ts';
import type { Endpoint } from './endpoint.ts';

/** The moderation module's operations (apps/server/src/modules/moderation). */

export const text = {
  method: 'POST',
  path: '/api/moderation/text',
  body: ModerateTextInput,
  response: ModerationResult,
} as const satisfies Endpoint;
