// Creates a fresh PGlite data directory (initdb) and exits: db/client.ts runs it as a short-lived child process,
// so the memory initdb takes goes back to the system with it instead of staying in the server (ADR 043).
// Plain JavaScript, so the same file runs beside the sources and beside the compiled build.
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node pglite-initdb.mjs <data dir>');
  process.exit(2);
}
const database = new PGlite(dir);
await database.waitReady;
await database.close();
