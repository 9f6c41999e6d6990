/*
 * Account deletion's routes (docs/product: deleting an account): its status, asking for it, cancelling it.
 * Registered from routes.ts inside its signed-in scope; apart so each route file holds one audience (ADR 100).
 */
import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import { tags } from './route-schemas.ts';

export const deletionRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    route(signedIn, api.account.deletion, { tags, summary: 'Account deletion status' }, (request) =>
      services.account.deletionStatus(signedInUser(request).id),
    );

    route(
      signedIn,
      api.account.requestDeletion,
      { tags, summary: 'Schedule account deletion in 30 days' },
      (request) => services.account.requestDeletion(signedInUser(request).id, request.body.reason),
    );

    route(signedIn, api.account.cancelDeletion, { tags, summary: 'Cancel a scheduled deletion' }, (request) =>
      services.account.cancelDeletion(signedInUser(request).id),
    );
  };
