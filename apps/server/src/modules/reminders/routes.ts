import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { localOnly } from '../../infra/http/local-only.ts';
import type { Services } from '../../services.ts';

const tags = ['reminders'];

/** Unsubscribe tokens are HMACs, not guessable; the limit just keeps a flood of bad ones cheap. */
const UNSUBSCRIBES_PER_MINUTE = 30;
const unsubscribeLimit = {
  rateLimit: { max: UNSUBSCRIBES_PER_MINUTE, timeWindow: '1 minute', groupId: ':reminder-unsubscribe' },
};

export const remindersRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.reminders.get,
        { tags, summary: 'Your daily reminder (defaults when never set) and whether Web Push is offered' },
        (request) => services.reminders.get(signedInUser(request)),
      );

      route(
        signedIn,
        api.reminders.save,
        { tags, summary: 'Set your daily reminder: local time, weekdays (0 = Monday), channels' },
        (request) => services.reminders.save(signedInUser(request), request.body),
      );

      route(
        signedIn,
        api.reminders.subscribePush,
        { tags, summary: "Save this browser's Web Push subscription (PushSubscription.toJSON())" },
        async (request) => {
          await services.reminders.subscribePush(signedInUser(request), request.body);
        },
      );

      route(
        signedIn,
        api.reminders.unsubscribePush,
        { tags, summary: "Forget this browser's Web Push subscription" },
        async (request) => {
          await services.reminders.unsubscribePush(signedInUser(request), request.body.endpoint);
        },
      );
    });

    // Public: the e-mail's link works without signing in; the signed token says whose reminders to turn off.
    route(
      app,
      api.reminders.unsubscribe,
      {
        tags,
        summary: "Turn off daily reminders with the e-mail's signed token (the unsubscribe page's button)",
        config: unsubscribeLimit,
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
      route(
        scope,
        api.reminders.unsubscribeOneClick,
        {
          tags,
          summary: 'Turn off daily reminders from the mail client (List-Unsubscribe-Post, RFC 8058)',
          config: unsubscribeLimit,
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
    route(
      app,
      api.reminders.sendNow,
      {
        tags: ['development'],
        summary: "Send today's daily reminder now (test tools only, from this machine only)",
      },
      (request) => services.reminders.sendNowForTest(signedInUser(request)),
    );
  };
