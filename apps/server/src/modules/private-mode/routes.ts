import { api, PRIVATE_MODE_MESSAGES } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['private-mode'];

/** Per client, as for the profile's other security steps (two-step set-up, password change). */
const limit = (groupId: string, max = 10) => ({
  rateLimit: { max, timeWindow: '15 minutes', groupId: `:private-mode-${groupId}` },
});

/**
 * Private mode's key material (ADR 089), the signed-in person's own and no one else's: every route reads the user
 * from the session, and no route takes a user id. Bodies carry wraps and proofs, never a passphrase or a key, and
 * the request log never writes bodies.
 */
export const privateModeRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.privateMode.status,
        { tags, summary: 'Whether private mode’s key is set up, and when its wraps last changed' },
        (request) => services.privateMode.status(signedInUser(request).id),
      );

      route(
        signedIn,
        api.privateMode.keys,
        {
          tags,
          summary: 'Your wrapped account key and the Argon2id settings, to unlock in the browser',
          // Once per browser session; a stolen session must not be able to read it in a loop unnoticed either.
          config: limit('keys', 30),
        },
        (request) => services.privateMode.material(signedInUser(request).id),
      );

      route(
        signedIn,
        api.privateMode.setUp,
        {
          tags,
          summary: 'Set up private mode’s key (password again): the key wrapped twice, made in the browser',
          config: limit('setup'),
        },
        (request) => services.privateMode.setUp(signedInUser(request).id, request.body),
      );

      route(
        signedIn,
        api.privateMode.changePassphrase,
        {
          tags,
          summary: 'A new passphrase: the same key wrapped again, with the proof of holding it',
          config: limit('passphrase'),
        },
        (request) => services.privateMode.changePassphrase(signedInUser(request).id, request.body),
      );

      route(
        signedIn,
        api.privateMode.replaceRecoveryKey,
        {
          tags,
          summary: 'A new recovery key: its wrap replaces the old one, with the proof of holding the key',
          config: limit('recovery'),
        },
        (request) => services.privateMode.replaceRecoveryKey(signedInUser(request).id, request.body),
      );

      route(
        signedIn,
        api.privateMode.startFresh,
        {
          tags,
          summary:
            'Passphrase and recovery key both lost: remove the key (password again); what it encrypted stays unreadable',
          config: limit('start-fresh', 5),
        },
        async (request) => {
          await services.privateMode.startFresh(signedInUser(request).id, request.body.password);
          return { ok: true as const, message: PRIVATE_MODE_MESSAGES.startedFresh };
        },
      );
    });
  };
