/*
 * The profile's routes: the profile itself, the avatar, private mode's set-up offer at registration, the plan's
 * features. Registered from routes.ts inside its signed-in scope, whose image parser the avatar upload uses;
 * apart so each route file holds one audience (ADR 100).
 */
import { AUTH_MESSAGES, AVATAR, api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';

export const profileRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(signedIn, api.account.profile, { tags, summary: 'Your profile' }, (request) =>
      services.account.profile(signedInUser(request).id),
    );

    route(signedIn, api.account.updateProfile, { tags, summary: 'Update name or time zone' }, (request) =>
      services.account.updateProfile(signedInUser(request).id, request.body),
    );

    route(
      signedIn,
      api.account.uploadAvatar,
      {
        tags,
        summary: 'Upload an avatar (raw JPEG, PNG, WebP or GIF body, at most 5 MB)',
        bodyLimit: AVATAR.maxBytes,
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', AUTH_MESSAGES.avatarNotImage);
        return { avatarUrl: await services.account.setAvatar(signedInUser(request).id, request.body) };
      },
    );

    route(signedIn, api.account.removeAvatar, { tags, summary: 'Remove the avatar' }, async (request) => {
      await services.account.removeAvatar(signedInUser(request).id);
      return { avatarUrl: null };
    });

    route(
      signedIn,
      api.account.forgetPrivateModeChoice,
      {
        tags,
        summary: 'Private mode chosen at registration is set up or declined: stop offering its set-up',
      },
      async (request) => {
        await services.account.forgetPrivateModeChoice(signedInUser(request).id);
      },
    );

    route(signedIn, api.account.planFeatures, { tags, summary: "Your plan's feature flags" }, (request) =>
      services.plans.features(signedInUser(request).id),
    );
  };
