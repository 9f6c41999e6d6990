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

/**
 * A user's sessions or what they carry changed (disabled, password changed or reset, sessions revoked, role or
 * profile changed, account erased): every instance forgets its cached sessions of that user (ADR 047).
 */
export type SessionsChangedMessage = { sessionsChangedFor: string };

const ChannelMessage = z.union([
  z.object({ userId: z.string(), event: LiveEvent }),
  z.object({ endedSessionId: z.string() }),
  z.object({ sessionsChangedFor: z.string() }),
]);
export type ChannelMessage = LiveEventMessage | SessionEndedMessage | SessionsChangedMessage;

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

/**
 * A PostgreSQL array literal as one parameter (`{"a","b",NULL}`, cast in the statement): Drizzle spreads a JS array
 * into a list of parameters, which `unnest` cannot take. Every element is quoted and escaped.
 */
export function textArray(values: (string | null)[]): string {
  const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
  return `{${values.map((value) => (value === null ? 'NULL' : quote(value))).join(',')}}`;
}

/** Several users' live events in one statement (a job that notifies a batch), with the same commit rule. */
export async function queueLiveEvents(db: Executor, messages: LiveEventMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const payloads = textArray(messages.map((message) => JSON.stringify(message)));
  await db.execute(
    sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`,
  );
}

/** Tells every instance that a session ended, so its open streams close without waiting for a heartbeat. */
export async function queueSessionEnded(db: Executor, sessionId: string): Promise<void> {
  const message: SessionEndedMessage = { endedSessionId: sessionId };
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Tells every instance to forget its cached sessions of a user. Called with the transaction that makes the change,
 * so the message is delivered when (and only if) the change commits: a cache reloading on it reads the new rows.
 */
export async function queueSessionsChanged(db: Executor, userId: string): Promise<void> {
  const message: SessionsChangedMessage = { sessionsChangedFor: userId };
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
