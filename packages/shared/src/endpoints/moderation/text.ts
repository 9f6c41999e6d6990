import { ModerateTextInput, ModerationResult } from '../../schemas/entries.ts';
import type { Endpoint } from '../endpoint.ts';

export const text = {
  method: 'POST',
  path: '/api/moderation/text',
  body: ModerateTextInput,
  response: ModerationResult,
} as const satisfies Endpoint;
