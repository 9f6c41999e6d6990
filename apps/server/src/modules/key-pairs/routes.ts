import { ApiError, KeyPairInput, MyKeyPair } from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

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
    const tags = ['key-pairs'];

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/me/key-pair',
        {
          schema: {
            tags,
            summary: 'Your public key and the wrap of your private key, to unwrap in the browser',
            response: { 200: MyKeyPair, ...errors },
          },
        },
        (request) => services.keyPairs.mine(signedInUser(request).id),
      );

      signedIn.post(
        '/me/key-pair',
        {
          config: limit('create', 20),
          schema: {
            tags,
            summary: 'Keep the key pair made in the browser: once per account, never replaced',
            body: KeyPairInput,
            response: { 201: MyKeyPair, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await services.keyPairs.create(signedInUser(request).id, request.body)),
      );

      signedIn.put(
        '/me/key-pair/wrap',
        {
          config: limit('wrap', 30),
          schema: {
            tags,
            summary:
              'The same key pair wrapped under the other kind of key, when private mode is switched on or off',
            body: KeyPairInput,
            response: { 200: MyKeyPair, ...errors },
          },
        },
        (request) => services.keyPairs.rewrap(signedInUser(request).id, request.body),
      );
    });
  };
