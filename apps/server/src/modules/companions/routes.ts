import { ApiError, CurrentMood, MoodRing, OnThisDay, OnThisDayQuery, Streak } from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 429: ApiError };

/** The dashboard's streak, mood ring, current mood and On This Day (ADR 028); each for the signed-in user only. */
export const companionsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['insights'];
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/streak',
        {
          schema: {
            tags,
            summary:
              'Your streak, counted in your time zone: current, last, best, this week and the last 7 days',
            response: { 200: Streak, ...errors },
          },
        },
        (request) => services.companions.streak(signedInUser(request)),
      );

      signedIn.get(
        '/moods/ring',
        {
          schema: {
            tags,
            summary: 'The moods of your entries of the last 7 days (today included), newest first',
            response: { 200: MoodRing, ...errors },
          },
        },
        (request) => services.companions.moodRing(signedInUser(request)),
      );

      signedIn.get(
        '/moods/current',
        {
          schema: {
            tags,
            summary: "The mood of today's latest entry that has one",
            response: { 200: CurrentMood, ...errors },
          },
        },
        (request) => services.companions.currentMood(signedInUser(request)),
      );

      signedIn.get(
        '/entries/on-this-day',
        {
          schema: {
            tags: ['entries', ...tags],
            summary: 'Your entries written on this date in earlier years and exactly one month ago',
            querystring: OnThisDayQuery,
            response: { 200: OnThisDay, ...errors },
          },
        },
        (request) => services.companions.onThisDay(signedInUser(request), request.query.date),
      );
    });
  };
