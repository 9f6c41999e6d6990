import { AVATAR, api } from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import { AppError } from '../../lib/errors.ts';
import type { Services } from '../../services.ts';
import { credentialRoutes } from './credential-routes.ts';
import { deletionRoutes } from './deletion-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { twoFactorRoutes } from './two-factor-routes.ts';

/*
 * The account's routes, one file per audience (ADR 100): the public avatar image here, and inside one signed-in
 * scope (its sign-in hook and the avatar's image parser) the profile (profile-routes.ts), password, e-mail and
 * sessions (credential-routes.ts), two-step sign-in (two-factor-routes.ts), passkeys (passkey-routes.ts) and
 * deletion (deletion-routes.ts).
 */
export const accountRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    // Avatars are public by unguessable URL (user id + content version) and cached for good.
    // Left out of the API docs as before: @fastify/swagger's hidden tag.
    route(
      app,
      api.account.avatar,
      { tags: ['X-HIDDEN'], summary: 'An avatar image' },
      async (request, reply) => {
        const avatar = await services.account.avatar(request.params.userId);
        if (!avatar) throw new AppError('NOT_FOUND', 'No avatar');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.type(avatar.mimeType).send(avatar.content);
      },
    );

    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      // Before the body is parsed: a stranger's upload is refused without being read.
      signedIn.addHook('onRequest', requireUser(services.auth));
      signedIn.addContentTypeParser(
        ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
        { parseAs: 'buffer', bodyLimit: AVATAR.maxBytes },
        (_request, body, done) => done(null, body),
      );

      await signedIn.register(profileRoutes(services));
      await signedIn.register(credentialRoutes(services));
      await signedIn.register(twoFactorRoutes(services));
      await signedIn.register(passkeyRoutes(services));
      await signedIn.register(deletionRoutes(services));
    });
  };
