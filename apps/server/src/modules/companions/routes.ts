import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['insights'];

/** The dashboard's streak, mood ring, current mood and On This Day (ADR 028); each for the signed-in user only. */
export const companionsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.companions.streak,
        {
          tags,
          summary:
            'Your streak, counted in your time zone: current, last, best, this week and the last 7 days',
        },
        (request) => services.companions.streak(signedInUser(request)),
      );

      route(
        signedIn,
        api.companions.moodRing,
        { tags, summary: 'The moods of your entries of the last 7 days (today included), newest first' },
        (request) => services.companions.moodRing(signedInUser(request)),
      );

      route(
        signedIn,
        api.companions.currentMood,
        { tags, summary: "The mood of today's latest entry that has one" },
        (request) => services.companions.currentMood(signedInUser(request)),
      );

      route(
        signedIn,
        api.companions.onThisDay,
        {
          tags: ['entries', ...tags],
          summary: 'Your entries written on this date in earlier years and exactly one month ago',
        },
        (request) => services.companions.onThisDay(signedInUser(request), request.query.date),
      );
    });
  };
