import { defineConfig } from 'vitest/config';

/**
 * The shared package's tests are pure functions and WebCrypto: one worker's module registry serves every file
 * (`isolate: false`), since nothing here replaces a module or keeps state between files. Loading the modules again
 * per file was four fifths of the step (24 s for 5 s of tests, ADR 082).
 */
export default defineConfig({
  test: {
    isolate: false,
  },
});
