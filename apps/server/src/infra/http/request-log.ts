import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A file of the built web app (`/assets/index-3f2a.js`, `/sw.js`): a path outside the API with an extension. */
const isStaticFile = (url: string) =>
  !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

/**
 * One `info` line per request, once its answer has gone (ADR 053): the request as `serializeRequest` writes it
 * (method, path with any token as its route's pattern, client), status and time, under the request's id like every
 * other line it logs. Fastify's "incoming request" line is dropped: it doubled the volume and wrote the path twice.
 * Static files of the web app are left out unless they fail: a page view loads dozens, and they tell an operator
 * nothing. Fastify's other lines (a stream that failed after its headers, a serializer error) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = Math.round(reply.elapsedTime);
    if (error) {
      request.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    if (reply.statusCode < 500 && isStaticFile(request.url)) return;
    request.log.info({ req: request, res: reply, responseTime }, 'request completed');
  }
}
