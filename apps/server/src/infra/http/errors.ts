import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { describeError } from '../../lib/log-text.ts';

export const DATABASE_UNAVAILABLE_MESSAGE =
  "Daybook can't reach its database right now. Please try again in a moment.";
/** Seconds a client should wait before retrying during a database outage. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Every failure leaves as `{ code, message, fields? }` with a matching status. Anything we did not
 * anticipate is logged and answered with a generic 500, so internals never reach a client.
 * `isDatabaseReachable` (the health check's ping) decides an error nobody recognised: a layer between the driver
 * and us may wrap an outage so that no code or cause is left to see (better-auth's `FAILED_TO_GET_SESSION`
 * without a cause, a delivery that keeps only a summary), and while the database does not answer, that failure
 * is the outage's, to be retried, not a bug (ADR 053).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  options: { isDatabaseReachable: () => Promise<boolean> },
): void {
  const unavailable = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ code: error.code, message: error.message, fields: error.fields, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = String(issue.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.');
        const key = path || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: first, fields });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply
          .status(400)
          .send({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(413)
          .send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON.' });
    }
    if (error.statusCode === 408) {
      // The body was too slow (infra/http/timeouts.ts); the connection is already gone in most cases.
      request.log.info({ reason: error.message }, 'slow request cut');
      return reply
        .status(408)
        .send({ code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive. Please try again.' });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: a warning, and an answer that tells the client to retry. The reason never
      // carries the failed statement's parameters (a session token, an address): see lib/log-text.ts.
      request.log.warn({ reason: describeError(error) }, 'database unavailable');
      return unavailable(reply);
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ code: 'VALIDATION_FAILED', message: 'The request could not be processed.' });
    }
    return options.isDatabaseReachable().then((isReachable) => {
      if (!isReachable) {
        request.log.warn({ reason: describeError(error) }, 'database unavailable');
        return unavailable(reply);
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    });
  });
}
