import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../../apps/server/src/db/client.ts';
import { createScratchDatabase } from '../../apps/server/src/db/scratch.ts';

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
  const scratch = await createScratchDatabase(serverUrl, 'daybook_bench');
  const database = await openDatabase({ database: { kind: 'postgres', url: scratch.url, poolSize: 10 } });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}
