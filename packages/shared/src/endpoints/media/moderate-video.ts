import { ModerationResult } from '../../schemas/entries.ts';
import { ModerateVideoInput } from '../../schemas/media.ts';
import type { Endpoint } from '../endpoint.ts';

export const moderateVideo = {
  method: 'POST',
  path: '/api/moderation/video',
  body: ModerateVideoInput,
  response: ModerationResult,
} as const satisfies Endpoint;
