import { type Database, openDatabase } from '../../src/db/client.ts';
import { createScratchDatabase } from '../../src/db/scratch.ts';

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
  const scratch = await createScratchDatabase(serverUrl, 'daybook_test');
  const database = await openDatabase({ database: { kind: 'postgres', url: scratch.url, poolSize: 5 } });
  return {
    ...database,
    async dropAll() {
      await database.close();
      await scratch.drop();
    },
  };
}
