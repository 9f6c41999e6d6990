/*
 * The browser's checks before an upload (docs/product/moderation.md#moderation-rules): an image, or a video's
 * sampled frames, judged by the image moderator. Registered from routes.ts inside its signed-in scope; apart
 * because they store nothing (ADR 100).
 */
import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { dataUrlBytes } from './route-schemas.ts';

const tags = ['moderation'];

export const mediaModerationRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(
      signedIn,
      api.media.moderateImage,
      {
        tags,
        summary: 'Moderate an image (data URL)',
        bodyLimit: 12 * 1024 * 1024,
        config: { rateLimit: { max: 60, timeWindow: '10 minutes', groupId: ':moderate-image' } },
      },
      (request) => services.media.moderateImage(dataUrlBytes(request.body.imageData)),
    );

    route(
      signedIn,
      api.media.moderateVideo,
      {
        tags,
        summary: 'Moderate five video frames (data URLs)',
        bodyLimit: 12 * 1024 * 1024,
        config: { rateLimit: { max: 30, timeWindow: '10 minutes', groupId: ':moderate-video' } },
      },
      (request) => services.media.moderateVideoFrames(request.body.frames.map(dataUrlBytes)),
    );
  };
