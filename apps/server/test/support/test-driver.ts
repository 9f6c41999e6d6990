/**
 * The database a test file runs on, by its Vitest project (vitest.config.ts): the PGlite project's files see no
 * DATABASE_URL, exactly as on a machine without PostgreSQL, so every `process.env.DATABASE_URL` check, and every
 * process a test starts, takes the embedded path.
 */
if (process.env.DAYBOOK_TEST_DRIVER === 'pglite') delete process.env.DATABASE_URL;

/** Whether this file runs in the PostgreSQL project. */
export const isPostgresProject = process.env.DAYBOOK_TEST_DRIVER === 'postgres';
