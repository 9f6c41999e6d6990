import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';
import { productionRun, productionVariants } from './support/production-run.ts';

/**
 * The production journey (issue 9): the real server from the production build with NODE_ENV=production,
 * behind a TLS-terminating proxy with a self-signed certificate. One project and one server per variant:
 * the embedded PGlite database always, PostgreSQL with SMTP when DATABASE_URL is set.
 */
const runs = productionVariants().map(productionRun);

const chromium = {
  ...devices['Desktop Chrome'],
  // The proxy's certificate is made at start and signed by no one; browsers treat https://localhost as a
  // secure context all the same (cookies with the __Secure- prefix, WebCrypto).
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    // The context's ignoreHTTPSErrors does not reach the service worker's script fetch, which Chromium refuses
    // under a certificate error; the browser-wide switch lets the worker install as it would behind a real
    // certificate, so the journey runs with it (ADR 040).
    args: [...CHROMIUM_ARGS, '--ignore-certificate-errors'],
  },
};

export default defineConfig({
  testDir: './production',
  fullyParallel: false,
  // One worker per variant: each has its own server, so the two journeys run side by side.
  workers: runs.length,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: { locale: 'en-GB', trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: runs.map((run) => ({
    name: `production-${run.variant}`,
    metadata: run,
    use: { ...chromium, baseURL: run.baseURL, viewport: { width: 1366, height: 900 } },
  })),
  webServer: runs.map((run) => ({
    command: `node --import tsx support/serve-production.ts ${run.variant}`,
    url: `${run.baseURL}/api/health`,
    ignoreHTTPSErrors: true,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  })),
});
