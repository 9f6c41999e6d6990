import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './support/chromium.ts';
import { productionRun, productionVariants } from './support/production-run.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's chromium, never a downloaded browser (the machine has no internet). */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // Recorder and camera tests: a test pattern and a beep instead of real devices, no permission prompt.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
};

/**
 * The production journey (ADR 013): the real server from the production build with NODE_ENV=production,
 * behind a TLS-terminating proxy with a self-signed certificate. One project and one server per variant:
 * the embedded PGlite database always, PostgreSQL with SMTP when DATABASE_URL is set. They are projects of
 * this one run (ADR 065), listed first so that their long journeys start while the other files queue.
 */
const productionRuns = productionVariants().map(productionRun);
const productionChromium = {
  ...devices['Desktop Chrome'],
  // The proxy's certificate is made at start and signed by no one; browsers treat https://localhost as a
  // secure context all the same (cookies with the __Secure- prefix, WebCrypto).
  ignoreHTTPSErrors: true,
  // The journey runs as people use the app, service worker included.
  serviceWorkers: 'allow' as const,
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    // The context's ignoreHTTPSErrors does not reach the service worker's script fetch, which Chromium refuses
    // under a certificate error; the browser-wide switch lets the worker install as it would behind a real
    // certificate, so the journey runs with it (ADR 040).
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
  },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  // Two workers, one browser each: every spec signs in its own users, so files run side by side.
  workers: 2,
  // No retries: a flaky test is a bug to fix, not to hide (STYLE.md).
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // en-GB so prices are in pounds unless a test picks another locale.
    locale: 'en-GB',
    // As people who ask for less motion see the app: skeletons hold still instead of pulsing, which on two cores
    // took the browser's compositor from 42 to 8 CPU-seconds over 16 tests (ADR 067). Motion itself is checked
    // where it matters (a test can still ask for 'no-preference').
    reducedMotion: 'reduce',
    // The service worker's first install fetches and stores its whole precache (272 files, 2.5 MB) a few seconds
    // after a page loads, in every fresh context: in most tests it took a fifth of the run's time and tested nothing
    // the test was about. Only the files about the installed app let it register (offline.spec.ts,
    // dashboard-document.spec.ts: `test.use({ serviceWorkers: 'allow' })`), and the production journey, which runs
    // as people use it (ADR 040, ADR 082).
    serviceWorkers: 'block',
    // A trace records every step of every test to keep the failing ones, and took a third of the run's time;
    // E2E_TRACE=1 asks for it while chasing a failure. Failures always keep their screenshot.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    ...productionRuns.map((run) => ({
      name: `production-${run.variant}`,
      testDir: './production',
      timeout: 60_000,
      metadata: run,
      use: { ...productionChromium, baseURL: run.baseURL, viewport: { width: 1366, height: 900 } },
    })),
    { name: 'desktop', use: { ...chromium, viewport: { width: 1366, height: 900 } } },
    {
      name: 'mobile',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grep: /@mobile/,
    },
  ],
  webServer: [
    {
      command: 'node --import tsx support/serve.ts',
      url: `${baseURL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    ...productionRuns.map((run) => ({
      command: `node --import tsx support/serve-production.ts ${run.variant}`,
      url: `${run.baseURL}/api/health`,
      ignoreHTTPSErrors: true,
      timeout: 120_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    })),
  ],
});
