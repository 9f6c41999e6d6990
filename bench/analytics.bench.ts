import { chromium } from '@playwright/test';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const ENTRIES = 5_000;
const RUNS = 3;
const PASSWORD = 'Seed-River-42';
const PORT = 3197;

type Timing = {
  totalMs: number;
  fetchMs: number;
  aggregateMs: number;
  renderMs: number;
  /** From the first request to every entry decrypted (words and themes counted). */
  decryptedMs: number;
};

/**
 * /analytics in Debian's chromium with 5,000 encrypted entries over a year, the key already derived: from
 * the page's first request for entries to its first chart with data painted (fetch every entry's date and mood,
 * aggregate them, render), and on to every entry decrypted (words and themes, from the ciphertext fetched in
 * pages of 1,000). The page records the User Timing measure `analytics` and the marks between its phases; this
 * reads them, over a few reloads, and reports the median (ADR 048).
 */
export async function analyticsRenderBench({ port = PORT }: { port?: number } = {}) {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database, port);
  const [user] = await seedEntries(bench.database, config.encryptionSecret, {
    users: 1,
    entries: ENTRIES,
    password: PASSWORD,
    textFor: (n) =>
      `Entry ${n}: a long walk by the river, thinking about work and the garden, then supper. #day${n % 30} #walks`,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const signIn = await page.request.post(`${origin}/api/auth/sign-in`, {
      data: { email: user!.email, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const measure = async (): Promise<Timing> => {
      await page.waitForFunction(
        () =>
          performance.getEntriesByName('analytics').length > 0 &&
          performance.getEntriesByName('analytics:decrypted', 'mark').length > 0,
        undefined,
        { timeout: 120_000 },
      );
      // No named functions inside: the page runs this as it is, without the bundler's helpers.
      const marks = await page.evaluate(() =>
        Object.fromEntries(
          ['analytics:fetched', 'analytics:aggregated', 'analytics:decrypted'].map((name) => [
            name,
            performance.getEntriesByName(name, 'mark').at(-1)?.startTime ?? Number.NaN,
          ]),
        ),
      );
      const total = await page.evaluate(() => {
        const measure = performance.getEntriesByName('analytics').at(-1) as unknown as {
          startTime: number;
          duration: number;
          detail: { shapes?: number } | null;
        };
        return { start: measure.startTime, duration: measure.duration, shapes: measure.detail?.shapes ?? 0 };
      });
      // The end mark counts the charts' data shapes on screen: a measure that ended on an empty frame is no
      // first chart.
      if (total.shapes <= 0) throw new Error('the analytics measure ended without a chart drawn');
      return {
        totalMs: total.duration,
        fetchMs: marks['analytics:fetched']! - total.start,
        aggregateMs: marks['analytics:aggregated']! - marks['analytics:fetched']!,
        renderMs: total.start + total.duration - marks['analytics:aggregated']!,
        decryptedMs: marks['analytics:decrypted']! - total.start,
      };
    };
    // The first visit derives the key (PBKDF2, 100,000 iterations) and warms the server: not measured.
    await page.goto(`${origin}/analytics?period=all`);
    await measure();
    const runs: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.reload();
      runs.push(await measure());
    }
    const median = [...runs].sort((a, b) => a.totalMs - b.totalMs)[Math.floor(RUNS / 2)]!;
    return { entries: ENTRIES, ...median, runs: runs.map((r) => r.totalMs), goal: '< 500 ms' };
  } finally {
    await browser.close();
    await app.close();
    await bench.drop();
  }
}
