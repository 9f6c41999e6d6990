import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
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
 * A DATA_DIR whose embedded database is already made and migrated, for a test of the operator's commands that does
 * not check a first start: the global setup's snapshot (pglite-snapshot.ts) unpacked into DATA_DIR/pglite, the
 * files `admin restore` would leave there. A fresh folder costs initdb in WebAssembly and every migration, about
 * 6 CPU-seconds a folder; unpacking it, a fraction of one. The server and the CLI open it as any existing
 * database: their migrations find none due. A truly empty DATA_DIR stays tested: the first `npm run seed` of
 * seed-cli.test.ts makes its database, and CI's `.ci/run` starts `npm start` on one.
 */
export async function preparedDataDir(dataDir: string): Promise<string> {
  const snapshot = inject('pgliteSnapshot');
  if (!snapshot)
    throw new Error('preparedDataDir needs the PGlite snapshot: it runs in the PGlite project only');
  const pgliteDir = path.join(dataDir, 'pglite');
  await mkdir(pgliteDir, { recursive: true, mode: 0o700 });
  // Its names start with '/' (PGlite's own root): tar makes them relative to -C, with a warning on stderr.
  await promisify(execFile)('tar', ['-xzf', snapshot, '-C', pgliteDir]);
  return dataDir;
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
