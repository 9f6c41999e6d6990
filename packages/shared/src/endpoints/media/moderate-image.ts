import { ModerationResult } from '../../schemas/entries.ts';
import { ModerateImageInput } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';

export const moderateImage = {
  method: 'POST',
  path: '/api/moderation/image',
  body: ModerateImageInput,
  response: ModerationResult,
} as const satisfies Endpoint;
