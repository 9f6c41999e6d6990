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

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/support/test-driver.ts', 'test/support/fail-on-console-error.ts'],
    globalSetup: ['test/support/pglite-snapshot.ts'],
    // Each file gets its own database. Three workers on two cores: PostgreSQL's files wait on the server for much
    // of their time, and the third keeps both cores busy meanwhile.
    pool: 'forks',
    maxWorkers: drivers.length === 2 ? 3 : 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: drivers.map((driver) => ({
      extends: true,
      test: { name: driver, env: { DAYBOOK_TEST_DRIVER: driver } },
    })),
  },
});
