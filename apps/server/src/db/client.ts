import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';
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
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export async function openDatabase(config: Pick<Config, 'database'>): Promise<Database> {
  const target = config.database;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' });
    await migrateNodePg(db, { migrationsFolder });
    return {
      db,
      driver: 'postgres',
      query: async (text, params) => (await pool.query(text, params)).rows,
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (target.dir !== 'memory://') mkdirSync(target.dir, { recursive: true });
  const client = target.dir === 'memory://' ? new PGlite() : new PGlite(target.dir);
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    driver: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
