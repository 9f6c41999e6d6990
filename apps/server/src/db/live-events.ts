import { LiveEvent } from '@daybook/shared';
import { type SQL, sql } from 'drizzle-orm';
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
 * The NOTIFY of a live event as an SQL expression, for a repository statement that makes a change and announces it
 * in one round trip (`with changed as (update …) select <this> where exists (select 1 from changed)`): a single
 * statement is its own transaction, so the event is delivered exactly when the change commits, as with
 * `queueLiveEvent`. The hot paths of the notifications API use it (ADR 024).
 */
export function liveEventNotify(userId: string, event: LiveEvent): SQL {
  const message: LiveEventMessage = { userId, event };
  return sql`pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(message)})`;
}

/**
 * Queues a live event for a user. Called with the transaction that made the change: PostgreSQL delivers NOTIFY only
 * on commit, so a stream never hears of a change that was rolled back.
 */
export async function queueLiveEvent(db: Executor, userId: string, event: LiveEvent): Promise<void> {
  await db.execute(sql`select ${liveEventNotify(userId, event)}`);
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
