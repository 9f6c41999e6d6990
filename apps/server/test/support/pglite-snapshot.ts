import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (tarball) every test file's database starts from; '' on PostgreSQL. */
    pgliteSnapshot: string;
  }
}

/**
 * Vitest global setup. On the embedded database, making a cluster (initdb in WebAssembly) and migrating it takes a
 * few seconds of CPU, and the suite makes about seventy; doing it once and loading the result into each file's
 * in-memory PGlite keeps every file on a fresh, fully migrated database for a fraction of the cost. PostgreSQL
 * needs none of this: its scratch databases are cheap.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Run once per Vitest project (vitest.config.ts): only the PGlite project's files open the embedded database.
  if (project.config.env?.DAYBOOK_TEST_DRIVER !== 'pglite') {
    project.provide('pgliteSnapshot', '');
    return async () => {};
  }
  const database = await openDatabase({ database: { kind: 'pglite', dir: 'memory://' } });
  const file = path.join(os.tmpdir(), `daybook-pglite-snapshot-${process.pid}-${project.name}.tar`);
  try {
    const tarball = await database.dumpDataDir?.();
    if (!tarball) throw new Error('PGlite did not dump its data directory');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => rm(file, { force: true });
}
