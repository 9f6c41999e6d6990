/**
 * Debian's chromium, never a downloaded browser (the machine has no internet), with the flags that keep it
 * quiet on a closed network. Used by both Playwright configurations and the browser benchmarks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
