import pg from 'pg';
import { type Database, type DatabaseTimeouts, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';
import { startTcpProxy } from './tcp-proxy.ts';

/**
 * A test database that a test can make hang and take away, on the driver the run uses (DATABASE_URL: PostgreSQL,
 * else PGlite). PostgreSQL: another session locks the table the health check reads, the TCP relay between app and
 * server holds every byte (`pauseNetwork`) or is cut. PGlite (one in-process connection): a transaction that never
 * finishes holds the connection, and the database is closed; a network it does not have cannot hang.
 */
export type Outage = {
  database: Database & { dropAll(): Promise<void> };
  hang(): Promise<void>;
  recover(): Promise<void>;
  /** PostgreSQL only: open connections stay open and new ones are accepted, but no byte goes either way. */
  pauseNetwork?(): void;
  resumeNetwork?(): void;
  takeAway(): Promise<void>;
  cleanUp(): Promise<void>;
};

export function openOutageDatabase(timeouts: DatabaseTimeouts): Promise<Outage> {
  const serverUrl = process.env.DATABASE_URL;
  return serverUrl ? postgresOutage(serverUrl, timeouts) : pgliteOutage(timeouts);
}

async function postgresOutage(url: string, timeouts: DatabaseTimeouts): Promise<Outage> {
  const scratch = await createScratchDatabase(url, 'daybook_outage');
  const direct = new URL(scratch.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(scratch.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const database = await openDatabase(
    { database: { kind: 'postgres', url: proxied.toString(), poolSize: 5 } },
    timeouts,
  );
  let locker: pg.Client | null = null;
  return {
    database: { ...database, dropAll: () => database.close() },
    async hang() {
      // The strongest lock, as a long migration or a forgotten admin session would hold it.
      locker = new pg.Client({ connectionString: scratch.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table subscription_plans in access exclusive mode');
    },
    async recover() {
      await locker?.query('rollback');
      await locker?.end();
      locker = null;
    },
    pauseNetwork: () => proxy.pause(),
    resumeNetwork: () => proxy.resume(),
    takeAway: () => proxy.stop(),
    async cleanUp() {
      await locker?.end();
      await database.close();
      await proxy.stop();
      await scratch.drop();
    },
  };
}

async function pgliteOutage(timeouts: DatabaseTimeouts): Promise<Outage> {
  const database = await openDatabase({ database: { kind: 'pglite', dir: 'memory://' } }, timeouts);
  let release: (() => void) | null = null;
  let transaction: Promise<void> = Promise.resolve();
  return {
    database: { ...database, dropAll: () => database.close() },
    async hang() {
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let hasStarted!: () => void;
      const started = new Promise<void>((resolve) => {
        hasStarted = resolve;
      });
      transaction = database.db.transaction(async (tx) => {
        await tx.execute('select 1');
        hasStarted();
        await held;
      });
      await started;
    },
    async recover() {
      release?.();
      await transaction;
    },
    takeAway: () => database.close(),
    // Closed by takeAway(); closing twice would throw.
    cleanUp: async () => {},
  };
}
