import type { Database } from '../../db/client.ts';
import type { Subscription } from '../../db/listen.ts';
import { type ChannelMessage, LIVE_EVENTS_CHANNEL, parseChannelMessage } from '../../db/live-events.ts';
import { describeError } from '../../lib/log-text.ts';

/** What one listener on the channel hears: parsed messages, and word that some may have been missed. */
export type ChannelListener = {
  onMessage(message: ChannelMessage): void;
  /** Listening again after a drop (or a failed first attempt): messages sent in between are lost. */
  onReconnect?(): void;
  /** The listening connection dropped; it is retried with back-off (ADR 024). */
  onDisconnect?(error: Error): void;
};

type ChannelLog = { warn(details: object, message: string): void };

/**
 * This instance's one LISTEN on the live channel, shared by everything that needs it (the live hub's streams,
 * the session cache of ADR 047): one listening connection per instance, not one per listener. Started by the
 * first user that needs it; an instance that never needs it holds no extra connection.
 */
export function createLiveChannel(deps: { database: Pick<Database, 'listen'>; log: ChannelLog }) {
  const listeners = new Set<ChannelListener>();
  let started: Promise<void> | null = null;
  let subscription: Subscription | null = null;
  let isClosed = false;

  async function listen(): Promise<void> {
    const opened = await deps.database.listen(LIVE_EVENTS_CHANNEL, {
      onMessage(payload) {
        const message = parseChannelMessage(payload);
        if (!message) return;
        for (const listener of listeners) listener.onMessage(message);
      },
      onReconnect() {
        for (const listener of listeners) listener.onReconnect?.();
      },
      onDisconnect(error) {
        deps.log.warn(
          { reason: describeError(error) },
          'live events: listening connection lost; reconnecting',
        );
        for (const listener of listeners) listener.onDisconnect?.(error);
      },
    });
    subscription = opened;
    if (isClosed) await opened.close();
  }

  return {
    /** Adds a listener; it hears messages from the moment the channel listens (see `start`). */
    subscribe(listener: ChannelListener): void {
      listeners.add(listener);
    },

    /**
     * Starts listening, once. Resolves when listening, or when the first attempt failed and retries are under way
     * (listeners then hear `onReconnect` once it succeeds).
     */
    start(): Promise<void> {
      if (isClosed) return Promise.resolve();
      started ??= listen().catch((error: unknown) => {
        started = null;
        throw error;
      });
      return started;
    },

    /** True while messages are being heard: a listener that must not miss one trusts its state only then. */
    isListening: () => subscription?.isListening() ?? false,

    async close(): Promise<void> {
      isClosed = true;
      await subscription?.close();
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;
