import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's response headers for these options, worked out once. They depend on nothing in the request (we use
 * no CSP nonces), so running helmet on every request, as @fastify/helmet does (it rebuilds its middleware and
 * re-serialises the CSP each time), only costs time on the hot path (ADR 009).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    // helmet removes X-Powered-By, which Fastify never sends.
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Features of the Permissions-Policy header, each with the origins allowed to use it (`[]`: none, no frame). */
export type PermissionsPolicy = Record<string, readonly ('self' | `"${string}"`)[]>;

/** `camera=(self), geolocation=()`: the header's structured-field form. */
export function permissionsPolicyHeader(policy: PermissionsPolicy): string {
  return Object.entries(policy)
    .map(([feature, origins]) => `${feature}=(${origins.join(' ')})`)
    .join(', ');
}

/**
 * Sends the security headers on every answer, errors and 404s included: helmet's, and a Permissions-Policy, which
 * helmet does not write. They go on the reply (not the raw response), so a route may still replace one (the API
 * reference page sets its own CSP).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { helmet: HelmetOptions; permissionsPolicy: PermissionsPolicy },
): void {
  const headers = {
    ...securityHeaders(options.helmet),
    'permissions-policy': permissionsPolicyHeader(options.permissionsPolicy),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
