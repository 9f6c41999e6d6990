import {
  AdminAuditPage,
  AdminAuditQuery,
  AdminContactMessage,
  AdminContactPage,
  AdminContactParams,
  AdminContactQuery,
  AdminFailedMail,
  AdminMailParams,
  AdminOperations,
  AdminReport,
  AdminReportPage,
  AdminReportParams,
  AdminReportQuery,
  AdminUser,
  AdminUserPage,
  AdminUserParams,
  AdminUserQuery,
  ApiError,
  SetPlanInput,
  SetRoleInput,
} from '@daybook/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAdmin, signedInUser } from '../../infra/http/authenticate.ts';
import type { Services } from '../../services.ts';
import type { AdminAreaActor } from './area-service.ts';

const errors = { 400: ApiError, 404: ApiError, 409: ApiError, 429: ApiError };

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
    const tags = ['admin'];
    await app.register(async (scope) => {
      const admin = scope.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', requireAdmin(services.auth));
      const area = services.adminArea;

      admin.get(
        '/admin/users',
        {
          schema: {
            tags,
            summary: 'People, searched by e-mail or name (never their entries)',
            querystring: AdminUserQuery,
            response: { 200: AdminUserPage, ...errors },
          },
        },
        (request) => area.users(request.query),
      );

      for (const [path, isDisabled, summary] of [
        ['disable', true, 'Disable a user: sign-in refused, every session ended'],
        ['enable', false, 'Enable a disabled user'],
      ] as const) {
        admin.post(
          `/admin/users/:userId/${path}`,
          { schema: { tags, summary, params: AdminUserParams, response: { 200: AdminUser, ...errors } } },
          (request) => area.setDisabled(actorOf(request), request.params.userId, isDisabled),
        );
      }

      admin.post(
        '/admin/users/:userId/role',
        {
          schema: {
            tags,
            summary: 'Grant or revoke the administrator role',
            params: AdminUserParams,
            body: SetRoleInput,
            response: { 200: AdminUser, ...errors },
          },
        },
        (request) => area.setRole(actorOf(request), request.params.userId, request.body.role),
      );

      admin.post(
        '/admin/users/:userId/plan',
        {
          schema: {
            tags,
            summary: "Change a user's plan (Basic is granted this way)",
            params: AdminUserParams,
            body: SetPlanInput,
            response: { 200: AdminUser, ...errors },
          },
        },
        (request) => area.setPlan(actorOf(request), request.params.userId, request.body.plan),
      );

      admin.get(
        '/admin/reports',
        {
          schema: {
            tags,
            summary: 'The reports queue: reason, details, when, the share and its sender',
            querystring: AdminReportQuery,
            response: { 200: AdminReportPage, ...errors },
          },
        },
        (request) => area.reports(request.query),
      );

      for (const [path, resolve, summary] of [
        ['dismiss', area.dismissReport, 'Dismiss a report'],
        ['revoke-share', area.revokeReportedShare, 'Revoke the reported share and close the report'],
        ['disable-sender', area.disableReportedSender, "Disable the share's sender and close the report"],
      ] as const) {
        admin.post(
          `/admin/reports/:reportId/${path}`,
          { schema: { tags, summary, params: AdminReportParams, response: { 200: AdminReport, ...errors } } },
          (request) => resolve(actorOf(request), request.params.reportId),
        );
      }

      admin.get(
        '/admin/contact',
        {
          schema: {
            tags,
            summary: 'Messages sent through the contact form',
            querystring: AdminContactQuery,
            response: { 200: AdminContactPage, ...errors },
          },
        },
        (request) => area.contact(request.query),
      );

      admin.post(
        '/admin/contact/:messageId/handled',
        {
          schema: {
            tags,
            summary: 'Mark a contact message handled',
            params: AdminContactParams,
            response: { 200: AdminContactMessage, ...errors },
          },
        },
        (request) => area.markContactHandled(actorOf(request), request.params.messageId),
      );

      admin.get(
        '/admin/operations',
        {
          schema: {
            tags,
            summary: 'Mail outbox and jobs health: queued, failed with the error, last job runs',
            response: { 200: AdminOperations, ...errors },
          },
        },
        () => area.operations(),
      );

      admin.post(
        '/admin/mail/:mailId/retry',
        {
          schema: {
            tags,
            summary: 'Queue a failed message again',
            params: AdminMailParams,
            response: { 200: AdminFailedMail, ...errors },
          },
        },
        (request) => area.retryMail(actorOf(request), request.params.mailId),
      );

      admin.get(
        '/admin/audit',
        {
          schema: {
            tags,
            summary: 'The audit log of admin actions, newest first',
            querystring: AdminAuditQuery,
            response: { 200: AdminAuditPage, ...errors },
          },
        },
        (request) => area.audit(request.query),
      );
    });
  };
