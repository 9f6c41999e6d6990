import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/** Debian's chromium, never a downloaded browser (the machine has no internet). */
const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      // Recorder and camera tests: a test pattern and a beep instead of real devices, no permission prompt.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
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
  // en-GB so prices are in pounds unless a test picks another locale.
  use: { baseURL, locale: 'en-GB', trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1366, height: 900 } } },
    {
      name: 'mobile',
      use: { ...chromium, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grep: /@mobile/,
    },
  ],
  webServer: {
    command: 'node --import tsx support/serve.ts',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
