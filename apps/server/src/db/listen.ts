import pg from 'pg';

/** What a LISTEN subscriber hears. */
export type ListenHandlers = {
  /** One NOTIFY payload on the channel. */
  onMessage(payload: string): void;
  /**
   * The listening connection was (re)established after it had been down, or after a first attempt failed:
   * notifications sent in between are lost, so whoever relies on them must catch up another way.
   */
  onReconnect?(): void;
  /** The connection dropped or could not be opened; it is retried with back-off. */
  onDisconnect?(error: Error): void;
};

export type Subscription = {
  /** True while the channel is being listened to. */
  isListening(): boolean;
  close(): Promise<void>;
};

export type ListenOptions = {
  connectMs: number;
  /** First wait before a reconnect; doubles per failed attempt up to `maxBackoffMs`, with jitter. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /**
   * A round trip on the listening connection this often: a connection that died silently (a NAT or a
   * failover that sent no reset) would otherwise hear nothing, forever, and nobody would notice.
   */
  checkMs: number;
};

export const LISTEN_OPTIONS: ListenOptions = {
  connectMs: 5_000,
  initialBackoffMs: 250,
  maxBackoffMs: 15_000,
  checkMs: 30_000,
};

/** Shown in pg_stat_activity, so an operator can tell the listening connection apart from the pool's. */
export const LISTENER_APPLICATION_NAME = 'daybook-live';

/**
 * LISTEN on a dedicated PostgreSQL connection, outside the pool: a pooled connection is handed to other queries
 * and returned, and a LISTEN lives only as long as its session. When the connection drops it is reopened with
 * exponential back-off, and `onReconnect` says that notifications may have been missed. Resolves once the first
 * attempt has settled, whether or not it succeeded (a failed one is retried like a drop).
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  options: ListenOptions = LISTEN_OPTIONS,
): Promise<Subscription> {
  let client: pg.Client | null = null;
  let isClosed = false;
  let isListening = false;
  let hasFailed = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;

  function drop(current: pg.Client, error: Error): void {
    if (client !== current) return;
    client = null;
    isListening = false;
    hasFailed = true;
    clearInterval(checkTimer);
    current.removeAllListeners('notification');
    current.end().catch(() => {});
    if (isClosed) return;
    handlers.onDisconnect?.(error);
    const backoff = Math.min(options.maxBackoffMs, options.initialBackoffMs * 2 ** attempt);
    attempt += 1;
    // Jitter: every instance of a cluster loses its listener at the same failover; they must not return at once.
    retryTimer = setTimeout(() => void connect(), backoff / 2 + Math.random() * (backoff / 2));
    retryTimer.unref();
  }

  async function connect(): Promise<void> {
    if (isClosed) return;
    const current = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectMs,
      query_timeout: options.connectMs,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = current;
    // Both fire when the server or the network ends the session; without listeners an 'error' would crash.
    current.on('error', (error) => drop(current, error));
    current.on('end', () => drop(current, new Error('listening connection ended')));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`LISTEN ${current.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(current, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (isClosed || client !== current) return;
    isListening = true;
    attempt = 0;
    checkTimer = setInterval(() => {
      current.query('select 1').catch((error: Error) => drop(current, error));
    }, options.checkMs);
    checkTimer.unref();
    if (hasFailed) handlers.onReconnect?.();
  }

  await connect();
  return {
    isListening: () => isListening,
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      clearInterval(checkTimer);
      const current = client;
      client = null;
      isListening = false;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => {});
      }
    },
  };
}
