/*
 * Two-step sign-in's routes (ADR 075): its status, set-up, turning it on and off, new recovery codes. Registered
 * from routes.ts inside its signed-in scope; apart so each route file holds one audience (ADR 100).
 */
import { api, TWO_FACTOR_MESSAGES } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';

const limit = (groupId: string) => ({
  rateLimit: { max: 10, timeWindow: '15 minutes', groupId: `:two-factor-${groupId}` },
});

export const twoFactorRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    // Two-step sign-in (ADR 075).
    route(signedIn, api.account.twoFactor, { tags, summary: 'Two-step sign-in: on or off' }, (request) =>
      services.twoFactor.status(signedInUser(request).id),
    );

    route(
      signedIn,
      api.account.startTwoFactorSetup,
      {
        tags,
        summary: 'Start turning on two-step sign-in (password again): a new secret, not on until confirmed',
        config: limit('setup'),
      },
      (request) => services.twoFactor.startSetup(signedInUser(request).id, request.body.password),
    );

    route(
      signedIn,
      api.account.enableTwoFactor,
      {
        tags,
        summary: 'Confirm the set-up with a code: two-step sign-in is on; answers the recovery codes, once',
        config: limit('enable'),
      },
      (request) => services.twoFactor.enable(signedInUser(request).id, request.sessionId!, request.body),
    );

    route(
      signedIn,
      api.account.disableTwoFactor,
      {
        tags,
        summary: 'Turn two-step sign-in off, with a code or a recovery code',
        config: limit('disable'),
      },
      async (request) => {
        await services.twoFactor.disable(signedInUser(request).id, request.body);
        return { ok: true as const, message: TWO_FACTOR_MESSAGES.disabled };
      },
    );

    route(
      signedIn,
      api.account.replaceRecoveryCodes,
      {
        tags,
        summary:
          'New recovery codes, with a code or a recovery code: the old ones stop working; answers the new, once',
        config: limit('codes'),
      },
      (request) => services.twoFactor.replaceRecoveryCodes(signedInUser(request).id, request.body),
    );
  };
