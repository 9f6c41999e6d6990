import { api } from '@daybook/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin, signedInUser } from '../../infra/http/authenticate.ts';
import { route } from '../../infra/http/endpoint-route.ts';
import type { Services } from '../../services.ts';
import type { AdminAreaActor } from './area-service.ts';

const tags = ['admin'];

/** The admin whose request this is, as the audit log names them. */
function actorOf(request: Parameters<typeof signedInUser>[0]): AdminAreaActor {
  const user = signedInUser(request);
  return { kind: 'admin', userId: user.id, email: user.email };
}

/**
 * The admin area's API (ADR 034). One guard for the whole scope: every path below answers 404 to anyone who is not
 * an administrator, before its input is even read. Routes stay thin: the rules are the service's.
 */
export const adminRoutes =
  (services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(async (admin) => {
      admin.addHook('onRequest', requireAdmin(services.auth));
      const area = services.adminArea;

      route(
        admin,
        api.admin.users,
        { tags, summary: 'People, searched by e-mail or name (never their entries)' },
        (request) => area.users(request.query),
      );

      for (const [endpoint, isDisabled, summary] of [
        [api.admin.disableUser, true, 'Disable a user: sign-in refused, every session ended'],
        [api.admin.enableUser, false, 'Enable a disabled user'],
      ] as const) {
        route(admin, endpoint, { tags, summary }, (request) =>
          area.setDisabled(actorOf(request), request.params.userId, isDisabled),
        );
      }

      route(
        admin,
        api.admin.setRole,
        { tags, summary: 'Grant or revoke the administrator role' },
        (request) => area.setRole(actorOf(request), request.params.userId, request.body.role),
      );

      route(
        admin,
        api.admin.setPlan,
        { tags, summary: "Change a user's plan (Basic is granted this way)" },
        (request) => area.setPlan(actorOf(request), request.params.userId, request.body.plan),
      );

      route(
        admin,
        api.admin.reports,
        { tags, summary: 'The reports queue: reason, details, when, the share and its sender' },
        (request) => area.reports(request.query),
      );

      for (const [endpoint, resolve, summary] of [
        [api.admin.dismissReport, area.dismissReport, 'Dismiss a report'],
        [
          api.admin.revokeReportedShare,
          area.revokeReportedShare,
          'Revoke the reported share and close the report',
        ],
        [
          api.admin.disableReportedSender,
          area.disableReportedSender,
          "Disable the share's sender and close the report",
        ],
      ] as const) {
        route(admin, endpoint, { tags, summary }, (request) =>
          resolve(actorOf(request), request.params.reportId),
        );
      }

      route(
        admin,
        api.admin.contact,
        { tags, summary: 'Messages sent through the contact form' },
        (request) => area.contact(request.query),
      );

      route(
        admin,
        api.admin.markContactHandled,
        { tags, summary: 'Mark a contact message handled' },
        (request) => area.markContactHandled(actorOf(request), request.params.messageId),
      );

      route(
        admin,
        api.admin.operations,
        { tags, summary: 'Mail outbox and jobs health: queued, failed with the error, last job runs' },
        () => area.operations(),
      );

      route(admin, api.admin.retryMail, { tags, summary: 'Queue a failed message again' }, (request) =>
        area.retryMail(actorOf(request), request.params.mailId),
      );

      route(
        admin,
        api.admin.audit,
        { tags, summary: 'The audit log of admin actions, newest first' },
        (request) => area.audit(request.query),
      );
    });
  };
