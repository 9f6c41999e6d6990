import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';

const tags = ['key-pairs'];

/** Per client, as for private mode's rewraps: a browser makes its pair once and rewraps it at each switch. */
const limit = (groupId: string, max: number) => ({
  rateLimit: { max, timeWindow: '15 minutes', groupId: `:key-pair-${groupId}` },
});

/**
 * The signed-in person's own key pair (ADR 102), no one else's: every route reads the user from the session and none
 * takes a user id. Bodies carry the public half and a wrap, never the private half, and the request log never writes
 * bodies.
 */
export const keyPairsRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (signedIn) => {
      signedIn.addHook('onRequest', requireUser(services.auth));

      route(
        signedIn,
        api.keyPairs.mine,
        { tags, summary: 'Your public key and the wrap of your private key, to unwrap in the browser' },
        (request) => services.keyPairs.mine(signedInUser(request).id),
      );

      route(
        signedIn,
        api.keyPairs.create,
        {
          tags,
          summary: 'Keep the key pair made in the browser: once per account, never replaced',
          config: limit('create', 20),
        },
        (request) => services.keyPairs.create(signedInUser(request).id, request.body),
      );

      route(
        signedIn,
        api.keyPairs.rewrap,
        {
          tags,
          summary:
            'The same key pair wrapped under the other kind of key, when private mode is switched on or off',
          config: limit('wrap', 30),
        },
        (request) => services.keyPairs.rewrap(signedInUser(request).id, request.body),
      );
    });
  };
