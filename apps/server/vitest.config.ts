import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The integration tests run on every database the app supports that this machine offers: PostgreSQL when
 * DATABASE_URL is set, and always the embedded PGlite (what `npm start` runs on a fresh machine). Both drivers run
 * as projects of one pass, so the embedded files' CPU fills the time PostgreSQL's files spend waiting on the
 * server, instead of a second pass after the first (ADR 061). A test that needs one driver says so with
 * `skipIf`; the tests of the embedded-only commands (seed, admin CLI beside an embedded server) run in the
 * PGlite project only, since they never use DATABASE_URL.
 */
const drivers = process.env.DATABASE_URL ? (['postgres', 'pglite'] as const) : (['pglite'] as const);

const EVERY_FILE = ['test/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * With both databases, the files whose outcome can differ by driver run on PGlite as well as PostgreSQL; every
 * other file runs once, on PostgreSQL, since PGlite is the same PostgreSQL engine and runs their SQL alike
 * (ADR 067). Without DATABASE_URL every file runs on PGlite. What differs by driver: the embedded-only
 * commands and the data folder, how the database fails, migrations run again on upgrade, notifications, and
 * concurrency (PGlite runs one transaction at a time, in the server's own thread).
 */
const ON_BOTH_DATABASES = [
  // The embedded-only commands and the data folder they share with a running server.
  'test/seed-cli.test.ts',
  'test/admin-cli.test.ts',
  'test/restore-file-modes.test.ts',
  // How each database fails and what the app then answers and logs.
  'test/database-outage.test.ts',
  'test/database-prerequisite-state.test.ts',
  'test/health.test.ts',
  'test/log-secrets.test.ts',
  'src/db/unavailable.test.ts',
  // Migrations run again over an older database.
  'test/session-tokens.test.ts',
  // LISTEN/NOTIFY on PostgreSQL, PGlite's own channel in one process.
  'test/live-events.test.ts',
  // Concurrency: overlapping transactions on PostgreSQL, one at a time on PGlite.
  'test/sharing-races.test.ts',
  'test/auth-lockout-race.test.ts',
  // The code step's lock and single-use codes, states and recovery codes under parallel requests (ADR 075).
  'test/two-factor.test.ts',
  // Passkey challenges and answers used once under parallel requests (ADR 080).
  'test/passkeys.test.ts',
  // Private mode's key set up from two tabs at once: one key wins whole (ADR 089).
  'test/private-mode.test.ts',
  'test/private-entries.test.ts',
  // Two tabs re-encrypting the same entry at once, and a switch off finishing beside a save (ADR 097).
  'test/private-switch.test.ts',
  'test/private-switch-media.test.ts',
  'test/entries-idempotency.test.ts',
  'test/future-messages.test.ts',
  'test/private-future-messages.test.ts',
  // Import jobs claimed with SKIP LOCKED and a lease, and their progress told by NOTIFY (ADR 077).
  'test/import-jobs.test.ts',
  // The media sealing job claimed with SKIP LOCKED and a lease by two runs at once (ADR 081).
  'test/media-at-rest.test.ts',
  // The embedded database shares the server's thread: a large import must not stall it (ADR 054). Its limits,
  // which cannot differ by driver, run on PostgreSQL only (`isRepeatOnPglite`).
  'test/import-bounds.test.ts',
];
// A file renamed or moved must not quietly stop running on PGlite.
const missing = ON_BOTH_DATABASES.filter((file) => !existsSync(path.join(import.meta.dirname, file)));
if (missing.length > 0)
  throw new Error(`vitest.config.ts names test files that do not exist: ${missing.join(', ')}`);

export default defineConfig({
  test: {
    setupFiles: ['test/support/test-driver.ts', 'test/support/fail-on-console-error.ts'],
    globalSetup: ['test/support/pglite-snapshot.ts'],
    // Each file gets its own database. Three workers on two cores: PostgreSQL's files wait on the server for much
    // of their time, and the third keeps both cores busy meanwhile.
    pool: 'forks',
    // A worker keeps the modules it has loaded from one file to the next (ADR 067): loading the server's modules
    // again for every file was 223 of the step's CPU-seconds. Every file builds its own apps on its own database,
    // as a process may build several apps, so module state must never belong to one app (a route's declared
    // rate limit is scaled on a copy, for instance, not in place).
    isolate: false,
    maxWorkers: drivers.length === 2 ? 3 : 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: drivers.map((driver) => ({
      extends: true,
      test: {
        name: driver,
        env: {
          DAYBOOK_TEST_DRIVER: driver,
          ...(drivers.length === 2 ? { DAYBOOK_TEST_ALSO_ON_POSTGRES: '1' } : {}),
        },
        // Set per project: a project's include is added to a shared one, not put in its place.
        include: driver === 'pglite' && drivers.length === 2 ? ON_BOTH_DATABASES : EVERY_FILE,
      },
    })),
  },
});
