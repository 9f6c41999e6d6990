import {
  ApiError,
  type Endpoint,
  type EndpointAnswer,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
} from '@daybook/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** A scope routes are registered in: any Fastify instance, with or without the zod type provider. */
type Scope =
  | FastifyInstance<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      never,
      ZodTypeProvider
    >
  | FastifyInstance;

/** The request as the endpoint's schemas parsed it. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: EndpointParams<E>;
  Querystring: EndpointQuery<E>;
  Body: EndpointBody<E>;
}>;

/**
 * What a handler returns: the declared JSON answer, or the reply it wrote itself. An endpoint that declares no JSON
 * answer (a file, a stream, a 204) may return anything, since nothing it returns is serialized.
 */
type HandlerAnswer<E extends Endpoint> = E extends { response: z.ZodType }
  ? EndpointAnswer<E> | FastifyReply
  : unknown;

/** The failures any route may answer, each with the shared error body (documented, and serialized alike). */
const FAILURES = Object.fromEntries(
  [400, 401, 402, 403, 404, 409, 410, 413, 415, 422, 423, 429, 500, 502, 503].map((status) => [
    status,
    ApiError,
  ]),
);

/**
 * What a route adds to its endpoint's declaration: its documentation (tags `['X-HIDDEN']` leave it out of the API
 * docs) and its server-side options: request headers it validates, and answers beside the declared success and the
 * shared refusals (health's 503 is its own report, not a refusal).
 */
export type RouteOptions = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'config' | 'onRequest' | 'preHandler'
> & {
  tags: string[];
  summary: string;
  description?: string;
  headers?: z.ZodType;
  responses?: Record<number, z.ZodType>;
};

/**
 * Registers the route of an endpoint declared in `@daybook/shared` (ADR 106): its method and path, its params,
 * query and body validated by their schemas, its JSON answer serialized by its own. The handler returns the
 * answer, sent with the declared status; one whose endpoint declares no JSON answer writes to `reply` itself.
 */
export function route<E extends Endpoint>(
  scope: Scope,
  endpoint: E,
  options: RouteOptions,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => HandlerAnswer<E> | Promise<HandlerAnswer<E>>,
): void {
  const { tags, summary, description, headers, responses, ...routeOptions } = options;
  const url = endpoint.path.replace(/^\/api(?=\/)/, '');
  const success = endpoint.status ?? 200;
  (scope as FastifyInstance).route({
    ...routeOptions,
    method: endpoint.method,
    url,
    schema: {
      tags,
      summary,
      ...(description ? { description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(headers ? { headers } : {}),
      response: { ...(endpoint.response ? { [success]: endpoint.response } : {}), ...FAILURES, ...responses },
    },
    handler: async (request, reply) => {
      if (endpoint.status) reply.status(endpoint.status);
      const answer = await handler(request as EndpointRequest<E>, reply);
      // A handler that wrote the reply itself (a file, a stream) returns it: Fastify sends nothing more.
      if (answer === reply) return reply;
      return endpoint.status === 204 ? reply.send() : answer;
    },
  });
}
