/*
 * Passkeys' routes (ADR 080): the list, adding one (its options, then the answer), renaming and removing.
 * Registered from routes.ts inside its signed-in scope; apart so each route file holds one audience (ADR 100).
 */
import { api, PASSKEY_MESSAGES } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestHeaders, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';

export const passkeyRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    // Passkeys (ADR 080).
    route(signedIn, api.account.passkeys, { tags, summary: 'Your passkeys' }, async (request) => ({
      passkeys: await services.passkeys.list(signedInUser(request).id),
    }));

    route(
      signedIn,
      api.account.passkeyOptions,
      {
        tags,
        summary:
          'Start adding a passkey: the options for navigator.credentials.create(), a single-use challenge',
        config: { rateLimit: { max: 20, timeWindow: '15 minutes', groupId: ':passkey-add-options' } },
      },
      (request) => services.passkeys.registrationOptions(signedInUser(request).id),
    );

    route(
      signedIn,
      api.account.addPasskey,
      {
        tags,
        summary:
          'Add a passkey: the authenticator answer to the challenge, and a name; the owner is e-mailed',
        config: { rateLimit: { max: 20, timeWindow: '15 minutes', groupId: ':passkey-add' } },
      },
      (request) => services.passkeys.add(signedInUser(request).id, request.body, requestHeaders(request)),
    );

    route(signedIn, api.account.renamePasskey, { tags, summary: 'Rename a passkey' }, (request) =>
      services.passkeys.rename(signedInUser(request).id, request.params.id, request.body.name),
    );

    route(
      signedIn,
      api.account.removePasskey,
      { tags, summary: 'Remove a passkey: it no longer signs in' },
      async (request) => {
        await services.passkeys.remove(signedInUser(request).id, request.params.id);
        return { ok: true as const, message: PASSKEY_MESSAGES.removed };
      },
    );
  };
