import { existsSync } from 'node:fs';

/**
 * Debian's chromium, never a downloaded browser (the machine has no internet), with the flags that keep it
 * quiet on a closed network. Used by the Playwright configuration and the browser benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the end-to-end tests drive: Debian's chromium-headless-shell when it is installed (`.ci/run`
 * installs it), else chromium itself. The shell is the same Blink, V8 and network stack without the desktop
 * browser around them, and Playwright's own default for headless runs; on this two-core machine it ran the same
 * 16 tests in 1.1 minutes against 1.5 for chromium (ADR 067). The benchmarks keep the full browser, which is what
 * people's Lighthouse figures come from.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
