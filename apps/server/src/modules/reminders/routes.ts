import {
  ApiError,
  PushEndpointInput,
  PushSubscriptionInput,
  ReminderSettings,
  ReminderSettingsInput,
  UnsubscribeInput,
  UnsubscribeResult,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 415: ApiError, 429: ApiError };

/** Unsubscribe tokens are HMACs, not guessable; the limit just keeps a flood of bad ones cheap. */
const UNSUBSCRIBES_PER_MINUTE = 30;
const unsubscribeLimit = {
  rateLimit: { max: UNSUBSCRIBES_PER_MINUTE, timeWindow: '1 minute', groupId: ':reminder-unsubscribe' },
};

export const remindersRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['reminders'];

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/reminders',
        {
          schema: {
            tags,
            summary: 'Your daily reminder (defaults when never set) and whether Web Push is offered',
            response: { 200: ReminderSettings, ...errors },
          },
        },
        (request) => services.reminders.get(signedInUser(request)),
      );

      signedIn.put(
        '/reminders',
        {
          schema: {
            tags,
            summary: 'Set your daily reminder: local time, weekdays (0 = Monday), channels',
            body: ReminderSettingsInput,
            response: { 200: ReminderSettings, ...errors },
          },
        },
        (request) => services.reminders.save(signedInUser(request), request.body),
      );

      signedIn.post(
        '/reminders/push-subscriptions',
        {
          schema: {
            tags,
            summary: "Save this browser's Web Push subscription (PushSubscription.toJSON())",
            body: PushSubscriptionInput,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.reminders.subscribePush(signedInUser(request), request.body);
          return reply.status(204).send(null);
        },
      );

      signedIn.delete(
        '/reminders/push-subscriptions',
        {
          schema: {
            tags,
            summary: "Forget this browser's Web Push subscription",
            body: PushEndpointInput,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.reminders.unsubscribePush(signedInUser(request), request.body.endpoint);
          return reply.status(204).send(null);
        },
      );
    });

    // Public: the e-mail's link works without signing in; the signed token says whose reminders to turn off.
    app.post(
      '/reminders/unsubscribe',
      {
        config: unsubscribeLimit,
        schema: {
          tags,
          summary: "Turn off daily reminders with the e-mail's signed token (the unsubscribe page's button)",
          body: UnsubscribeInput,
          response: { 200: UnsubscribeResult, ...errors },
        },
      },
      (request) => services.reminders.unsubscribe(request.body.token),
    );

    await app.register(async (scope) => {
      // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` as a form to the List-Unsubscribe
      // URL. The body says nothing we need (the token is in the URL), so it is read and ignored.
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
        scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
          done(null, null),
        );
      }
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/reminders/unsubscribe/one-click',
        {
          config: unsubscribeLimit,
          schema: {
            tags,
            summary: 'Turn off daily reminders from the mail client (List-Unsubscribe-Post, RFC 8058)',
            querystring: UnsubscribeInput,
            response: { 200: UnsubscribeResult, ...errors },
          },
        },
        (request) => services.reminders.unsubscribe(request.query.token),
      );
    });
  };

/**
 * Test tools only (TEST_TOOLS, never in production), from this machine only: sends the signed-in user's reminder
 * for today now, through the job's own path. The end-to-end test reaches the e-mail's unsubscribe link with it.
 */
export const remindersTestRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', localOnly);
    app.addHook('onRequest', requireUser(services.auth));
    app.post(
      '/dev/reminders/send-now',
      {
        schema: {
          tags: ['development'],
          summary: "Send today's daily reminder now (test tools only, from this machine only)",
          response: { 200: z.object({ sent: z.number().int() }), 409: ApiError, ...errors },
        },
      },
      (request) => services.reminders.sendNowForTest(signedInUser(request)),
    );
  };
