/*
 * Two-step sign-in's routes (ADR 075): its status, set-up, turning it on and off, new recovery codes. Registered
 * from routes.ts inside its signed-in scope; apart so each route file holds one audience (ADR 100).
 */
import {
  EnableTwoFactorInput,
  OkResponse,
  StartTwoFactorSetupInput,
  TWO_FACTOR_MESSAGES,
  TwoFactorCodeInput,
  TwoFactorEnabled,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';

export const twoFactorRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    // Two-step sign-in (ADR 075).
    signedIn.get(
      '/me/two-factor',
      {
        schema: {
          tags,
          summary: 'Two-step sign-in: on or off',
          response: { 200: TwoFactorStatus, ...errors },
        },
      },
      (request) => services.twoFactor.status(signedInUser(request).id),
    );

    signedIn.post(
      '/me/two-factor/setup',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-setup' } },
        schema: {
          tags,
          summary: 'Start turning on two-step sign-in (password again): a new secret, not on until confirmed',
          body: StartTwoFactorSetupInput,
          response: { 200: TwoFactorSetup, ...errors },
        },
      },
      (request) => services.twoFactor.startSetup(signedInUser(request).id, request.body.password),
    );

    signedIn.post(
      '/me/two-factor/enable',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-enable' } },
        schema: {
          tags,
          summary: 'Confirm the set-up with a code: two-step sign-in is on; answers the recovery codes, once',
          body: EnableTwoFactorInput,
          response: { 200: TwoFactorEnabled, ...errors },
        },
      },
      (request) => services.twoFactor.enable(signedInUser(request).id, request.sessionId!, request.body),
    );

    signedIn.post(
      '/me/two-factor/disable',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-disable' } },
        schema: {
          tags,
          summary: 'Turn two-step sign-in off, with a code or a recovery code',
          body: TwoFactorCodeInput,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await services.twoFactor.disable(signedInUser(request).id, request.body);
        return { ok: true as const, message: TWO_FACTOR_MESSAGES.disabled };
      },
    );

    signedIn.post(
      '/me/two-factor/recovery-codes',
      {
        config: { rateLimit: { max: 10, timeWindow: '15 minutes', groupId: ':two-factor-codes' } },
        schema: {
          tags,
          summary:
            'New recovery codes, with a code or a recovery code: the old ones stop working; answers the new, once',
          body: TwoFactorCodeInput,
          response: { 200: TwoFactorRecoveryCodes, ...errors },
        },
      },
      (request) => services.twoFactor.replaceRecoveryCodes(signedInUser(request).id, request.body),
    );
  };
