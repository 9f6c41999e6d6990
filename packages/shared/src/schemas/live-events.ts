import { z } from 'zod';

/**
 * What `GET /api/events` streams (Server-Sent Events, `event:` = type, `data:` = JSON of the event). Events carry
 * ids only: the browser refetches what changed, so nothing private travels on the bus.
 *   notification    a notification of this user was created (or changed)
 *   received-share  a share addressed to this user was created or changed (revoked, expired)
 *   entry           one of this user's entries was created, edited or deleted (streak refresh)
 *   subscription    this user's plan or subscription changed (checkout, renewal, cancel, payment failure)
 *   import          one of this user's imports moved on (progress, preview ready, done, failed; ADR 077)
 *   resync          the stream reconnected after a gap: refetch everything live
 *   session-ended   this stream's session was ended (signed out from another browser's sessions list, or
 *                   everywhere else): the stream closes after it, and the tab checks its session at once
 */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), id: z.string() }),
  z.object({ type: z.literal('received-share'), id: z.string() }),
  z.object({ type: z.literal('entry'), id: z.string() }),
  z.object({ type: z.literal('subscription') }),
  z.object({ type: z.literal('import'), id: z.string() }),
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('session-ended') }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;

/** Heartbeat comment interval; a proxy closes an idle stream after 30–60 s. */
export const LIVE_HEARTBEAT_MS = 25_000;
