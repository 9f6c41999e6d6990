import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';

/**
 * A fresh, migrated database for one test file. With DATABASE_URL set: a new PostgreSQL database
 * created beside it and dropped afterwards (CI shares the server). Without: an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<
  Database & { dropAll(): Promise<void>; url?: string | null }
> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    // The global setup's migrated snapshot (test/support/pglite-snapshot.ts); migrations still run, finding none due.
    const snapshot = inject('pgliteSnapshot');
    const initialDataDir = snapshot ? new Blob([await readFile(snapshot)]) : undefined;
    const database = await openDatabase({
      database: { kind: 'pglite', dir: 'memory://', ...(initialDataDir ? { initialDataDir } : {}) },
    });
    return { ...database, url: null, dropAll: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl, 'daybook_test');
  const database = await openDatabase({ database: { kind: 'postgres', url: scratch.url, poolSize: 5 } });
  return {
    ...database,
    url: scratch.url,
    async dropAll() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A second handle on a test database, as another server instance would open it: on PostgreSQL its own pool (and
 * its own listening connection); on PGlite, which one process opens at a time, the same handle. Closing it leaves
 * the database to its first owner.
 */
export async function openSecondHandle(
  first: Awaited<ReturnType<typeof createTestDatabase>>,
): Promise<Database & { dropAll(): Promise<void>; url?: string | null }> {
  if (!first.url) return { ...first, dropAll: async () => {} };
  const database = await openDatabase({ database: { kind: 'postgres', url: first.url, poolSize: 5 } });
  return { ...database, url: first.url, dropAll: () => database.close() };
}
