/*
 * The browser's checks before an upload (docs/product/moderation.md#moderation-rules): an image, or a video's
 * sampled frames, judged by the image moderator. Registered from routes.ts inside its signed-in scope; apart
 * because they store nothing (ADR 100).
 */
import { ModerateImageInput, ModerateVideoInput, ModerationResult } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { dataUrlBytes, errors } from './route-schemas.ts';

export const mediaModerationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    signedIn.post(
      '/moderation/image',
      {
        bodyLimit: 12 * 1024 * 1024,
        config: { rateLimit: { max: 60, timeWindow: '10 minutes', groupId: ':moderate-image' } },
        schema: {
          tags: ['moderation'],
          summary: 'Moderate an image (data URL)',
          body: ModerateImageInput,
          response: { 200: ModerationResult, ...errors },
        },
      },
      (request) => services.media.moderateImage(dataUrlBytes(request.body.imageData)),
    );

    signedIn.post(
      '/moderation/video',
      {
        bodyLimit: 12 * 1024 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':moderate-video' } },
        schema: {
          tags: ['moderation'],
          summary: 'Moderate five video frames (data URLs)',
          body: ModerateVideoInput,
          response: { 200: ModerationResult, ...errors },
        },
      },
      (request) => services.media.moderateVideoFrames(request.body.frames.map(dataUrlBytes)),
    );
  };
