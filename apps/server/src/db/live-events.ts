import type { LiveEvent } from '@daybook/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** The one PostgreSQL channel live events travel on, between every server instance (and PGlite's own). */
export const LIVE_EVENTS_CHANNEL = 'daybook_live';

/** What travels on the channel: the recipient and the event; nothing private (events carry ids only). */
export type LiveEventMessage = { userId: string; event: LiveEvent };

/**
 * Queues a live event for a user. Called with the transaction that made the change: PostgreSQL delivers NOTIFY only
 * on commit, so a stream never hears of a change that was rolled back.
 */
export async function queueLiveEvent(db: Executor, userId: string, event: LiveEvent): Promise<void> {
  const message: LiveEventMessage = { userId, event };
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}
