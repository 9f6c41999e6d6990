import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';

/**
 * A fresh, migrated database for one test file. With DATABASE_URL set: a new PostgreSQL database
 * created beside it and dropped afterwards (CI shares the server). Without: an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<Database & { dropAll(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ database: { kind: 'pglite', dir: 'memory://' } });
    return { ...database, dropAll: () => database.close() };
  }
  const name = `daybook_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ database: { kind: 'postgres', url: url.toString(), poolSize: 5 } });
  return {
    ...database,
    async dropAll() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
