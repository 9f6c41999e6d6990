import { LIVE_HEARTBEAT_MS, type LiveEvent } from '@daybook/shared';
import { describeError } from '../../lib/log-text.ts';
import type { LiveChannel } from './channel.ts';
import type { EventStream } from './event-stream.ts';

export type LiveHubOptions = {
  /** A comment on every stream this often; each session is re-checked at the same pace. */
  heartbeatMs: number;
  /** The browser's reconnect delay (`retry:`). */
  retryMs: number;
  /** One stream per tab; a user's oldest stream is closed beyond this (memory stays bounded). */
  maxStreamsPerUser: number;
  /** See EventStreamOptions. */
  maxBufferedBytes: number;
};

export const LIVE_HUB_OPTIONS: LiveHubOptions = {
  heartbeatMs: LIVE_HEARTBEAT_MS,
  retryMs: 3_000,
  maxStreamsPerUser: 20,
  maxBufferedBytes: 64 * 1024,
};

/**
 * Which of these sessions still hold; declared here so infra stays below the modules (ADR 021). services.ts
 * hands in the account service's check.
 */
export type SessionCheck = (sessionIds: string[]) => Promise<string[]>;

type LiveLog = {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
};

type Held = { stream: EventStream; userId: string; sessionId: string };

/** Sessions checked per query on a heartbeat: bounded statements even with tens of thousands of streams. */
const SESSION_CHECK_BATCH = 1_000;

/**
 * This instance's open streams, by user and by session, fed by the database channel: every instance hears every
 * event and delivers it to the streams it holds, so the instance a request lands on need not hold the stream
 * (ADR 024). Events are not stored: a stream that may have missed some (a reconnecting browser, a lost listening
 * connection) gets `resync` and the browser refetches.
 */
export function createLiveHub(deps: {
  channel: Pick<LiveChannel, 'subscribe' | 'start' | 'close'>;
  checkSessions: SessionCheck;
  log: LiveLog;
  options: LiveHubOptions;
}) {
  const { options, log } = deps;
  const byUser = new Map<string, Held[]>();
  const bySession = new Map<string, Set<Held>>();
  let started: Promise<void> | null = null;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let isChecking = false;
  let isClosed = false;

  function forEachHeld(visit: (held: Held) => void): void {
    for (const list of byUser.values()) for (const held of [...list]) visit(held);
  }

  function deliver(userId: string, event: LiveEvent): void {
    const list = byUser.get(userId);
    if (!list) return;
    for (const held of [...list]) held.stream.send(event);
  }

  /**
   * Closes a session's streams. A session ended from elsewhere (the sessions list of another browser, a password
   * change, an operator, expiry) is told first, so its tab signs out at once rather than at its next session
   * check; a tab that signed itself out knows, and is not told.
   */
  function endSession(sessionId: string, { tell }: { tell: boolean }): void {
    const held = bySession.get(sessionId);
    if (!held) return;
    for (const { stream } of [...held]) {
      if (tell) stream.send({ type: 'session-ended' });
      stream.close();
    }
  }

  function remove(held: Held): void {
    const list = byUser.get(held.userId);
    if (list) {
      const at = list.indexOf(held);
      if (at !== -1) list.splice(at, 1);
      if (list.length === 0) byUser.delete(held.userId);
    }
    const sessionStreams = bySession.get(held.sessionId);
    sessionStreams?.delete(held);
    if (sessionStreams?.size === 0) bySession.delete(held.sessionId);
  }

  /**
   * Every session with a stream here, re-checked in batches: a session signed out on another instance, expired,
   * ended by a password change or by an operator disabling the user loses its streams within a heartbeat. A
   * database outage closes nothing: the streams are only as stale as the outage is long.
   */
  async function checkSessions(): Promise<void> {
    if (isChecking || bySession.size === 0) return;
    isChecking = true;
    try {
      const ids = [...bySession.keys()];
      for (let from = 0; from < ids.length; from += SESSION_CHECK_BATCH)
        await endSessionsGone(ids.slice(from, from + SESSION_CHECK_BATCH));
    } catch (error) {
      log.warn({ reason: describeError(error) }, 'live streams: session check failed');
    } finally {
      isChecking = false;
    }
  }

  async function endSessionsGone(sessionIds: string[]): Promise<void> {
    const live = new Set(await deps.checkSessions(sessionIds));
    for (const id of sessionIds) if (!live.has(id)) endSession(id, { tell: true });
  }

  /**
   * A user's sessions changed (one signed out from the sessions list, the others after a password change, an
   * operator disabling the account): their streams here are checked now, not at the next heartbeat.
   */
  function checkSessionsOf(userId: string): void {
    const sessionIds = [...new Set((byUser.get(userId) ?? []).map((held) => held.sessionId))];
    if (sessionIds.length === 0) return;
    endSessionsGone(sessionIds).catch((error: unknown) =>
      log.warn({ reason: describeError(error) }, 'live streams: session check failed'),
    );
  }

  deps.channel.subscribe({
    onMessage(message) {
      if ('endedSessionId' in message) endSession(message.endedSessionId, { tell: false });
      else if ('sessionsChangedFor' in message) checkSessionsOf(message.sessionsChangedFor);
      else if ('userId' in message) deliver(message.userId, message.event);
    },
    onReconnect() {
      log.info({ streams: hub.size() }, 'live events: listening again; open streams resync');
      forEachHeld((held) => held.stream.send({ type: 'resync' }));
    },
  });

  const hub = {
    /**
     * Starts listening (once; the first stream calls it): an instance that never serves a stream holds no
     * listening connection. Resolves when listening, or when the first attempt failed and retries are under way
     * (streams opened meanwhile get `resync` once it succeeds).
     */
    start(): Promise<void> {
      started ??= deps.channel.start().then(
        () => {
          heartbeatTimer = setInterval(() => {
            forEachHeld((held) => held.stream.heartbeat());
            void checkSessions();
          }, options.heartbeatMs);
          heartbeatTimer.unref();
        },
        (error: unknown) => {
          started = null;
          throw error;
        },
      );
      return started;
    },

    /** Holds a new stream; `isReconnect` (the browser sent Last-Event-ID) sends `resync` first. */
    add(userId: string, sessionId: string, stream: EventStream, isReconnect: boolean): void {
      if (isClosed) {
        stream.close();
        return;
      }
      const held: Held = { stream, userId, sessionId };
      const list = byUser.get(userId) ?? [];
      // The oldest goes: a tab that was closed without its socket noticing is likelier than 20 open tabs.
      while (list.length >= options.maxStreamsPerUser) {
        const oldest = list[0]!;
        oldest.stream.close();
        if (list[0] === oldest) remove(oldest);
      }
      list.push(held);
      byUser.set(userId, list);
      const sessionStreams = bySession.get(sessionId) ?? new Set<Held>();
      sessionStreams.add(held);
      bySession.set(sessionId, sessionStreams);
      stream.onClose(() => remove(held));
      if (isReconnect) stream.send({ type: 'resync' });
    },

    /** Open streams on this instance. */
    size(): number {
      let count = 0;
      for (const list of byUser.values()) count += list.length;
      return count;
    },

    /** Ends every stream (shutdown: before the server waits for open connections) and stops listening. */
    async close(): Promise<void> {
      isClosed = true;
      clearInterval(heartbeatTimer);
      forEachHeld((held) => held.stream.close());
      await deps.channel.close();
    },
  };
  return hub;
}

export type LiveHub = ReturnType<typeof createLiveHub>;
