import type { z } from 'zod';

/**
 * One operation of Daybook's API, declared once (ADR 106): its method, its path, what it takes and what it answers.
 * The server registers its route from it (`apps/server/src/infra/http/endpoint-route.ts`) and the web client calls
 * it through it (`apps/web/src/lib/api-client.ts`), so a path, a parameter or an answer's shape cannot drift
 * between the two. Declared as plain objects (`satisfies Endpoint`), so the web's build keeps only those it calls.
 */
export type Endpoint = {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The whole path, `/api/…`, with `:name` for each path parameter (Fastify's way of writing them). */
  readonly path: `/api/${string}`;
  /** The path's parameters, each a string in the URL. */
  readonly params?: z.ZodType;
  /** The query string's parameters. */
  readonly query?: z.ZodType;
  /** The JSON body. */
  readonly body?: z.ZodType;
  /**
   * The JSON answer of a success. Absent when the answer is not JSON (a file, an event stream, a redirect) or is
   * empty (204): the route writes it itself and the browser reads it by address.
   */
  readonly response?: z.ZodType;
  /** The status of a success when it is not 200. */
  readonly status?: 201 | 202 | 204;
};

type Schema<E, K extends keyof Endpoint> = E extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : never;

/** A part of the request or answer as its schema parses it, or `Absent` when the endpoint declares none. */
type Parsed<E, K extends keyof Endpoint, Absent> = [Schema<E, K>] extends [never]
  ? Absent
  : z.output<Schema<E, K>>;

/** What the route's handler receives, as parsed on the server. */
export type EndpointParams<E extends Endpoint> = Parsed<E, 'params', unknown>;
export type EndpointQuery<E extends Endpoint> = Parsed<E, 'query', unknown>;
export type EndpointBody<E extends Endpoint> = Parsed<E, 'body', unknown>;
/** The answer of a success, as the browser reads it (undefined for one with no JSON answer). */
export type EndpointAnswer<E extends Endpoint> = Parsed<E, 'response', undefined>;

/** What a caller passes: each of params, query and body when the endpoint declares it, as its schema takes it. */
export type EndpointInput<E extends Endpoint> = ([Schema<E, 'params'>] extends [never]
  ? { params?: never }
  : { params: z.input<Schema<E, 'params'>> }) &
  ([Schema<E, 'query'>] extends [never] ? { query?: never } : { query: z.input<Schema<E, 'query'>> }) &
  ([Schema<E, 'body'>] extends [never] ? { body?: never } : { body: z.input<Schema<E, 'body'>> });

/**
 * The address of an endpoint: its path with each `:name` filled in (encoded) and its query string. Throws on a
 * parameter the caller did not give, which is a bug, never something a person can do.
 */
export function endpointUrl(endpoint: Pick<Endpoint, 'path'>, params?: unknown, query?: unknown): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  // Query values absent (undefined, null, '') are left out; an array repeats its name.
  const path = endpoint.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`${endpoint.path} needs its :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== '') search.append(name, String(one));
    }
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
