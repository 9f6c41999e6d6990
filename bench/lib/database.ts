import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';

/** A fresh database for one benchmark run: PostgreSQL when DATABASE_URL is set, otherwise PGlite in a temp dir. */
export async function openBenchDatabase(): Promise<{
  database: Database;
  url: string | null;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'daybook-bench-'));
    const database = await openDatabase({ database: { kind: 'pglite', dir } });
    return {
      database,
      url: null,
      async drop() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `daybook_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ database: { kind: 'postgres', url: url.toString(), poolSize: 10 } });
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
