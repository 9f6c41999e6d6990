import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers a proxy adds when it passes a request on. A request carrying any of them came through something
 * (a reverse proxy on this machine, a tunnel) and may come from anywhere, even if its socket is loopback.
 */
const FORWARDING_HEADERS = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
];

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6 (`::ffff:127.x.x.x`, how dual-stack sockets report it). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/**
 * True only for a request that arrived directly on a loopback socket with no forwarding header. Reads the
 * socket, never `request.ip`: with TRUST_PROXY that is whatever X-Forwarded-For claims.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    FORWARDING_HEADERS.every((header) => request.headers[header] === undefined)
  );
}

/**
 * `onRequest` hook for development tools (local mailbox, test accounts, a local checkout): anything but a
 * direct request from this machine gets the same 404 as a path that does not exist, so the tool cannot be
 * seen, let alone used, from elsewhere.
 */
export async function localOnly(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (isDirectLocalRequest(request)) return undefined;
  reply.callNotFound();
  return reply;
}
