/*
 * The profile's routes: the profile itself, the avatar, private mode's set-up offer at registration, the plan's
 * features. Registered from routes.ts inside its signed-in scope, whose image parser the avatar upload uses;
 * apart so each route file holds one audience (ADR 100).
 */
import {
  AUTH_MESSAGES,
  AVATAR,
  AvatarResponse,
  PlanFeatures,
  Profile,
  UpdateProfileInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';

export const profileRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    signedIn.get(
      '/me',
      { schema: { tags, summary: 'Your profile', response: { 200: Profile, ...errors } } },
      (request) => services.account.profile(signedInUser(request).id),
    );

    signedIn.patch(
      '/me',
      {
        schema: {
          tags,
          summary: 'Update name or time zone',
          body: UpdateProfileInput,
          response: { 200: Profile, ...errors },
        },
      },
      (request) => services.account.updateProfile(signedInUser(request).id, request.body),
    );

    signedIn.put(
      '/me/avatar',
      {
        bodyLimit: AVATAR.maxBytes,
        schema: {
          tags,
          summary: 'Upload an avatar (raw JPEG, PNG, WebP or GIF body, at most 5 MB)',
          response: { 200: AvatarResponse, ...errors },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', AUTH_MESSAGES.avatarNotImage);
        return { avatarUrl: await services.account.setAvatar(signedInUser(request).id, request.body) };
      },
    );

    signedIn.delete(
      '/me/avatar',
      { schema: { tags, summary: 'Remove the avatar', response: { 200: AvatarResponse, ...errors } } },
      async (request) => {
        await services.account.removeAvatar(signedInUser(request).id);
        return { avatarUrl: null };
      },
    );

    signedIn.delete(
      '/me/private-mode-choice',
      {
        schema: {
          tags,
          summary: 'Private mode chosen at registration is set up or declined: stop offering its set-up',
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await services.account.forgetPrivateModeChoice(signedInUser(request).id);
        return reply.status(204).send(null);
      },
    );

    signedIn.get(
      '/me/plan-features',
      {
        schema: { tags, summary: "Your plan's feature flags", response: { 200: PlanFeatures, ...errors } },
      },
      (request) => services.plans.features(signedInUser(request).id),
    );
  };
