import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const urlFile = path.resolve(import.meta.dirname, '../.run/database-url');

/**
 * Reads rows straight from the run's PostgreSQL database, to prove what the server stored.
 * Returns null on the embedded PGlite, which only the server process can open (the integration tests cover it).
 */
export async function storedRows(
  text: string,
  params: unknown[] = [],
): Promise<Record<string, unknown>[] | null> {
  if (!existsSync(urlFile)) return null;
  const client = new pg.Client({ connectionString: readFileSync(urlFile, 'utf8').trim() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}
