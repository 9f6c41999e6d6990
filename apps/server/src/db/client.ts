import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
import { LISTEN_OPTIONS, type ListenHandlers, listenOnPostgres, type Subscription } from './listen.ts';
import * as schema from './schema/index.ts';

/**
 * Both drivers give the same Drizzle query API; we type the handle as the node-postgres one so that every
 * repository is written once. The SQL we write stays within what PostgreSQL 15 and PGlite (18) both accept.
 */
export type Db = NodePgDatabase<typeof schema>;

/** What a repository needs: the database or a transaction on it. */
export type Executor = Pick<Db, 'select' | 'selectDistinct' | 'insert' | 'update' | 'delete' | 'execute'>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Raw SQL with positional parameters, for benchmarks and the few statements Drizzle cannot express. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** One real round trip (a read that a lock on `subscription_plans` blocks), false after `pingMs` at the latest. */
  ping(): Promise<boolean>;
  /**
   * LISTEN on a channel, for NOTIFYs of any session on this database (every server instance, the CLI). On
   * PostgreSQL a dedicated connection outside the pool, reopened with back-off when it drops (then
   * `onReconnect`); on PGlite its own in-process `listen()`. Close the subscription before the database.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Subscription>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, for the metrics (ADR 072). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PGlite only: the data directory as a gzipped tarball, taken between queries (the admin backup). */
  dumpDataDir?(): Promise<Blob>;
};

/** How long the database may take (ADR 015). Tests pass shorter ones. */
export type DatabaseTimeouts = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /** One statement, enforced by the server (`statement_timeout`). */
  statementMs: number;
  /** Waiting for a row or table lock (`lock_timeout`). */
  lockMs: number;
  /** The health check's own deadline, shorter than any of the above. */
  pingMs: number;
};

export const DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  lockMs: 5_000,
  pingMs: 1_500,
};

/** A tiny, always seeded table that public pages read (pricing): a lock or outage that blocks it blocks users. */
export const PING_SQL = 'select 1 from subscription_plans limit 1';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Beside this module in the sources and beside the bundle in the build (scripts/build-server.mjs). */
const INITDB_SCRIPT = path.join(import.meta.dirname, 'pglite-initdb.mjs');

/**
 * PGlite's startup parameters: its defaults, with PostgreSQL's shared buffers at 16 MB instead of the 128 MB
 * initdb writes. In WebAssembly they are memory of this process that is never given back, and they are what
 * the idle server's memory was mostly made of (ADR 043); pages beyond them are still read from the OS's file
 * cache, and one instance's journals rarely have a working set that large.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates a fresh data directory in a short-lived child process. initdb runs two more WebAssembly instances
 * beside the database's own and leaves this process several hundred MB larger for good, even once they are
 * collected (the allocator keeps the pages); in a child process that memory goes back with it.
 */
async function initPgliteDataDir(dir: string): Promise<void> {
  const child = spawn(process.execPath, [INITDB_SCRIPT, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the embedded database in ${dir}: ${stderr.trim()}`);
}

export async function openDatabase(
  config: Pick<Config, 'database'>,
  timeouts: DatabaseTimeouts = DATABASE_TIMEOUTS,
): Promise<Database> {
  const target = config.database;
  if (target.kind === 'postgres') {
    await migratePostgres(target.url, timeouts);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize,
      connectionTimeoutMillis: timeouts.connectMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      // The server enforces the statement timeout; this client-side one frees the connection when the server
      // cannot answer at all (network gone, host frozen).
      query_timeout: timeouts.statementMs + timeouts.connectMs,
      keepAlive: true,
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    // The pool listens for errors on idle connections only. A connection that dies while checked out between two
    // statements of a transaction (terminated backend, failover) would otherwise emit an unhandled 'error' and
    // take the process down; its transaction's next statement fails and rolls back instead.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    });
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      driver: 'postgres',
      query: async (text, params) => (await pool.query(text, params)).rows,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      // The per-query timeout (read by node-postgres, missing from its types) drops the connection that
      // waited, so pings cannot pile up on a lock and hold the whole pool.
      ping: () => {
        const pingQuery: pg.QueryConfig = { text: PING_SQL };
        Object.assign(pingQuery, { query_timeout: timeouts.pingMs });
        return withinDeadline(pool.query(pingQuery), timeouts.pingMs);
      },
      listen: (channel, handlers) =>
        listenOnPostgres(target.url, channel, handlers, {
          ...LISTEN_OPTIONS,
          connectMs: timeouts.connectMs,
        }),
      close: () => pool.end(),
    };
  }
  const isInMemory = target.dir === 'memory://';
  if (!isInMemory) {
    mkdirSync(target.dir, { recursive: true, mode: 0o700 });
    // Also when it was there already: PGlite writes the files inside 0666 whatever the umask, so this folder is what
    // keeps them to the owner (one restored before ADR 060 was left 0755).
    chmodSync(target.dir, 0o700);
    if (!existsSync(path.join(target.dir, 'PG_VERSION'))) await initPgliteDataDir(target.dir);
  }
  const options = {
    startParams: PGLITE_START_PARAMS,
    ...(target.initialDataDir ? { loadDataDir: target.initialDataDir } : {}),
  };
  const client = isInMemory ? new PGlite(options) : new PGlite(target.dir, options);
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  // No statement or lock timeouts here: PGlite accepts `SET statement_timeout` but never fires it (no timer
  // signals in WebAssembly), and with one in-process connection there is no other session to wait for.
  // A stuck transaction still blocks every query behind it; the ping's deadline reports that.
  return {
    db,
    driver: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    ping: () => withinDeadline(client.query(PING_SQL), timeouts.pingMs),
    // One in-process connection that never drops: nothing to reconnect, nothing missed.
    listen: async (channel, handlers) => {
      const unsubscribe = await client.listen(channel, handlers.onMessage);
      let isListening = true;
      return {
        // A closed database hears nothing more: what was learnt from it (the session cache) is not to be trusted.
        isListening: () => isListening && !client.closed,
        async close() {
          if (!isListening) return;
          isListening = false;
          // PGlite refuses every query once closed; the subscription ends with it then.
          if (!client.closed) await unsubscribe();
        },
      };
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/**
 * Migrations run on a connection of their own without the statement timeout: building an index on a large
 * table may rightly take longer than any request should.
 */
async function migratePostgres(url: string, timeouts: DatabaseTimeouts): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
  await client.connect();
  try {
    await migrateNodePg(drizzleNodePg(client, { schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

/** True when `work` succeeds within `deadlineMs`; a failure or a late answer is false. */
async function withinDeadline(work: Promise<unknown>, deadlineMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  try {
    return await Promise.race([work.then(() => true), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    // A late failure of the abandoned work must not surface as an unhandled rejection.
    work.catch(() => {});
  }
}

/** SQLSTATEs that mean "the database cannot serve this now", not "this request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  '57014', // query_canceled: our statement_timeout
  '55P03', // lock_not_available: our lock_timeout
  // object_not_in_prerequisite_state: the server, or an object, is in a state it must leave first (a replica still
  // in recovery after a failover, an object a migration is changing). Retried later it serves; the warning keeps
  // the SQLSTATE, so a statement that can never succeed still shows in the log (ADR 060).
  '55000',
]);
/** Classes 08 (connection exception) and 53 (insufficient resources: too many connections, disk full). */
const UNAVAILABLE_SQLSTATE_CLASSES = ['08', '53'];
const UNREACHABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** What node-postgres, its pool and PGlite say without a code when the connection is gone or timed out. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end|PGlite is closed/;

/**
 * True when an error, or one it wraps, says the database is down, unreachable, overloaded or timed out, so the
 * request may succeed if retried later. Wrapping is followed through `cause` (Drizzle's DrizzleQueryError,
 * better-auth's APIError) and through an AggregateError's `errors` (a connection that tried several addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || UNREACHABLE_ERRNOS.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}
