/*
 * Account deletion's routes (docs/product: deleting an account): its status, asking for it, cancelling it.
 * Registered from routes.ts inside its signed-in scope; apart so each route file holds one audience (ADR 100).
 */
import { CancelDeletionResponse, DeletionStatus, RequestDeletionInput } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import { errors, tags } from './route-schemas.ts';

export const deletionRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (signedIn) => {
    signedIn.get(
      '/me/deletion',
      {
        schema: { tags, summary: 'Account deletion status', response: { 200: DeletionStatus, ...errors } },
      },
      (request) => services.account.deletionStatus(signedInUser(request).id),
    );

    signedIn.post(
      '/me/deletion',
      {
        schema: {
          tags,
          summary: 'Schedule account deletion in 30 days',
          body: RequestDeletionInput,
          response: { 200: DeletionStatus, ...errors },
        },
      },
      (request) => services.account.requestDeletion(signedInUser(request).id, request.body.reason),
    );

    signedIn.delete(
      '/me/deletion',
      {
        schema: {
          tags,
          summary: 'Cancel a scheduled deletion',
          response: { 200: CancelDeletionResponse, ...errors },
        },
      },
      (request) => services.account.cancelDeletion(signedInUser(request).id),
    );
  };
