/**
 * The database a test file runs on, by its Vitest project (vitest.config.ts): the PGlite project's files see no
 * DATABASE_URL, exactly as on a machine without PostgreSQL, so every `process.env.DATABASE_URL` check, and every
 * process a test starts, takes the embedded path.
 */
if (process.env.DAYBOOK_TEST_DRIVER === 'pglite') delete process.env.DATABASE_URL;

/** Whether this file runs in the PostgreSQL project. */
export const isPostgresProject = process.env.DAYBOOK_TEST_DRIVER === 'postgres';

/**
 * Whether this file is the PGlite repeat of a file that also runs on PostgreSQL in this pass (vitest.config.ts's
 * ON_BOTH_DATABASES): its tests that cannot differ by driver skip the repeat, having run on PostgreSQL. Without
 * DATABASE_URL every file runs on PGlite alone, and these tests with it.
 */
export const isRepeatOnPglite =
  process.env.DAYBOOK_TEST_DRIVER === 'pglite' && process.env.DAYBOOK_TEST_ALSO_ON_POSTGRES === '1';
