import 'fake-indexeddb/auto';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetEntryCopyState } from '../lib/offline/entry-copy.ts';
import { closeDb } from '../lib/offline/idb.ts';
import { forgetMediaCopyState } from '../lib/offline/media-copy.ts';
import { forgetBrowserTimeZone } from '../lib/time-zone.ts';
import { loadToasts } from '../lib/toast.ts';
import { isAllowedConsoleOutput, resetAllowedConsoleOutput } from './console.ts';

/*
 * A test fails when the code under it logs an unexpected console.error or console.warn (STYLE.md):
 * React, Radix and React Router report real mistakes there (missing keys, act(), a11y warnings).
 * A test that provokes output on purpose declares it with `allowConsoleOutput` (test/console.ts).
 */
let unexpectedConsoleOutput: string[] = [];

// Key derivation (PBKDF2, 100,000 iterations) and decryption are real here; on a busy two-core CI machine they
// can take longer than testing-library's one-second default for `findBy…`/`waitFor`.
configure({ asyncUtilTimeout: 5000 });

// The app loads sonner with its first toast (lib/toast.ts); loaded before the tests, after a file's `vi.mock`
// of it is in place, every toast reaches sonner (or the file's fake of it) at once, as the tests expect.
beforeAll(async () => {
  await loadToasts();
});

beforeEach(() => {
  // Every test starts with an empty IndexedDB (drafts, the offline queue, the journal's copy and its media:
  // fake-indexeddb, in memory), and the copies' modules forget what they knew of the last one.
  closeDb();
  forgetEntryCopyState();
  forgetBrowserTimeZone();
  forgetMediaCopyState();
  globalThis.indexedDB = new IDBFactory();
  unexpectedConsoleOutput = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = format(...args);
      if (!isAllowedConsoleOutput(text)) unexpectedConsoleOutput.push(`console.${level}: ${text}`);
    });
  }
});

afterEach(() => {
  cleanup();
  resetAllowedConsoleOutput();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  if (unexpectedConsoleOutput.length > 0) {
    const output = unexpectedConsoleOutput.join('\n\n');
    unexpectedConsoleOutput = [];
    throw new Error(`Unexpected console output during the test:\n${output}`);
  }
});

// jsdom lacks these browser APIs; the app only needs them to exist.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

window.scrollTo = (() => {}) as typeof window.scrollTo;

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
