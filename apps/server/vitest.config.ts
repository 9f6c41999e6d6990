import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    setupFiles: ['test/support/fail-on-console-error.ts'],
    globalSetup: ['test/support/pglite-snapshot.ts'],
    // Each file gets its own database; two workers keep this machine's two cores busy.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
