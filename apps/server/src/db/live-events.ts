import { LiveEvent } from '@daybook/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from './client.ts';

/** The one PostgreSQL channel live events travel on, between every server instance (and PGlite's own). */
export const LIVE_EVENTS_CHANNEL = 'daybook_live';

/** What travels on the channel: the recipient and the event; nothing private (events carry ids only). */
export type LiveEventMessage = { userId: string; event: LiveEvent };

/** A session ended (sign-out): whichever instance holds its streams closes them at once. */
export type SessionEndedMessage = { endedSessionId: string };

const ChannelMessage = z.union([
  z.object({ userId: z.string(), event: LiveEvent }),
  z.object({ endedSessionId: z.string() }),
]);
export type ChannelMessage = LiveEventMessage | SessionEndedMessage;

/**
 * Queues a live event for a user. Called with the transaction that made the change: PostgreSQL delivers NOTIFY only
 * on commit, so a stream never hears of a change that was rolled back.
 */
export async function queueLiveEvent(db: Executor, userId: string, event: LiveEvent): Promise<void> {
  const message: LiveEventMessage = { userId, event };
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/** Tells every instance that a session ended, so its open streams close without waiting for a heartbeat. */
export async function queueSessionEnded(db: Executor, sessionId: string): Promise<void> {
  const message: SessionEndedMessage = { endedSessionId: sessionId };
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/** A channel payload as sent by the functions above, or null for anything else (another writer, a bad payload). */
export function parseChannelMessage(payload: string): ChannelMessage | null {
  try {
    const parsed = ChannelMessage.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
