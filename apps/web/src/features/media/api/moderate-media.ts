import { api, type ModerationResult } from '@daybook/shared';
import { callApi } from '../../../lib/api-client.ts';

export const SAFE_MEDIA_VERDICT: ModerationResult = {
  safe: true,
  severity: 'safe',
  flags: [],
  explanation: '',
  confidence: 0,
};

/** docs/product/moderation.md#moderation-rules: a failed or erroring call counts as safe (the server checks images again). */
async function safeOnFailure(
  call: Promise<ModerationResult>,
  signal?: AbortSignal,
): Promise<ModerationResult> {
  try {
    return await call;
  } catch (error) {
    if (signal?.aborted) throw error;
    return SAFE_MEDIA_VERDICT;
  }
}

/** POST /api/moderation/image with the image as a data URL. */
export function moderateImage(imageData: string, signal?: AbortSignal): Promise<ModerationResult> {
  return safeOnFailure(callApi(api.media.moderateImage, { body: { imageData }, signal }), signal);
}

/** POST /api/moderation/video with five JPEG frames; the answer is the worst frame's verdict. */
export function moderateVideo(frames: string[], signal?: AbortSignal): Promise<ModerationResult> {
  return safeOnFailure(callApi(api.media.moderateVideo, { body: { frames }, signal }), signal);
}
