/*
 * Passkeys' routes (ADR 080): the list, adding one (its options, then the answer), renaming and removing.
 * Registered from routes.ts inside its signed-in scope; apart so each route file holds one audience (ADR 100).
 */
import {
  AddPasskeyInput,
  OkResponse,
  PASSKEY_MESSAGES,
  Passkey,
  PasskeyList,
  PasskeyOptions,
  RenamePasskeyInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestHeaders, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';

export const passkeyRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    // Passkeys (ADR 080).
    signedIn.get(
      '/me/passkeys',
      { schema: { tags, summary: 'Your passkeys', response: { 200: PasskeyList, ...errors } } },
      async (request) => ({ passkeys: await services.passkeys.list(signedInUser(request).id) }),
    );

    signedIn.post(
      '/me/passkeys/options',
      {
        config: { rateLimit: { max: 20, timeWindow: '15 minutes', groupId: ':passkey-add-options' } },
        schema: {
          tags,
          summary:
            'Start adding a passkey: the options for navigator.credentials.create(), a single-use challenge',
          response: { 200: PasskeyOptions, ...errors },
        },
      },
      (request) => services.passkeys.registrationOptions(signedInUser(request).id),
    );

    signedIn.post(
      '/me/passkeys',
      {
        config: { rateLimit: { max: 20, timeWindow: '15 minutes', groupId: ':passkey-add' } },
        schema: {
          tags,
          summary:
            'Add a passkey: the authenticator answer to the challenge, and a name; the owner is e-mailed',
          body: AddPasskeyInput,
          response: { 201: Passkey, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await services.passkeys.add(signedInUser(request).id, request.body, requestHeaders(request))),
    );

    signedIn.patch(
      '/me/passkeys/:id',
      {
        schema: {
          tags,
          summary: 'Rename a passkey',
          params: z.object({ id: z.uuid() }),
          body: RenamePasskeyInput,
          response: { 200: Passkey, ...errors },
        },
      },
      (request) => services.passkeys.rename(signedInUser(request).id, request.params.id, request.body.name),
    );

    signedIn.delete(
      '/me/passkeys/:id',
      {
        schema: {
          tags,
          summary: 'Remove a passkey: it no longer signs in',
          params: z.object({ id: z.uuid() }),
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await services.passkeys.remove(signedInUser(request).id, request.params.id);
        return { ok: true as const, message: PASSKEY_MESSAGES.removed };
      },
    );
  };
