import {
  ApiError,
  ChangePassphraseInput,
  OkResponse,
  PRIVATE_MODE_MESSAGES,
  PrivateKeyMaterial,
  PrivateModeStatus,
  ReplaceRecoveryKeyInput,
  SetUpPrivateModeInput,
  StartFreshInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';

const errors = { 400: ApiError, 401: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

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
    const tags = ['private-mode'];

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', requireUser(services.auth));

      signedIn.get(
        '/me/private-mode',
        {
          schema: {
            tags,
            summary: 'Whether private mode’s key is set up, and when its wraps last changed',
            response: { 200: PrivateModeStatus, ...errors },
          },
        },
        (request) => services.privateMode.status(signedInUser(request).id),
      );

      signedIn.get(
        '/me/private-mode/keys',
        {
          // Once per browser session; a stolen session must not be able to read it in a loop unnoticed either.
          config: limit('keys', 30),
          schema: {
            tags,
            summary: 'Your wrapped account key and the Argon2id settings, to unlock in the browser',
            response: { 200: PrivateKeyMaterial, ...errors },
          },
        },
        (request) => services.privateMode.material(signedInUser(request).id),
      );

      signedIn.post(
        '/me/private-mode',
        {
          config: limit('setup'),
          schema: {
            tags,
            summary: 'Set up private mode’s key (password again): the key wrapped twice, made in the browser',
            body: SetUpPrivateModeInput,
            response: { 201: PrivateModeStatus, ...errors },
          },
        },
        async (request, reply) =>
          reply.status(201).send(await services.privateMode.setUp(signedInUser(request).id, request.body)),
      );

      signedIn.put(
        '/me/private-mode/passphrase',
        {
          config: limit('passphrase'),
          schema: {
            tags,
            summary: 'A new passphrase: the same key wrapped again, with the proof of holding it',
            body: ChangePassphraseInput,
            response: { 200: PrivateModeStatus, ...errors },
          },
        },
        (request) => services.privateMode.changePassphrase(signedInUser(request).id, request.body),
      );

      signedIn.put(
        '/me/private-mode/recovery-key',
        {
          config: limit('recovery'),
          schema: {
            tags,
            summary: 'A new recovery key: its wrap replaces the old one, with the proof of holding the key',
            body: ReplaceRecoveryKeyInput,
            response: { 200: PrivateModeStatus, ...errors },
          },
        },
        (request) => services.privateMode.replaceRecoveryKey(signedInUser(request).id, request.body),
      );

      signedIn.post(
        '/me/private-mode/start-fresh',
        {
          config: limit('start-fresh', 5),
          schema: {
            tags,
            summary:
              'Passphrase and recovery key both lost: remove the key (password again); what it encrypted stays unreadable',
            body: StartFreshInput,
            response: { 200: OkResponse, ...errors },
          },
        },
        async (request) => {
          await services.privateMode.startFresh(signedInUser(request).id, request.body.password);
          return { ok: true as const, message: PRIVATE_MODE_MESSAGES.startedFresh };
        },
      );
    });
  };
