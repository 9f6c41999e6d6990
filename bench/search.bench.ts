import { chromium } from '@playwright/test';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const ENTRIES = 500;
const PASSWORD = 'Seed-River-42';
const PORT = 3199;

/**
 * The full-page search in Debian's chromium: 500 encrypted entries, the key already derived, one query that
 * must decrypt all of them and one that reuses the decrypted text. The app itself records each search as the
 * User Timing measure `daybook:search`; this reads it.
 */
export async function browserSearchBench() {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database, PORT);
  const [user] = await seedEntries(bench.database, config.encryptionSecret, {
    users: 1,
    entries: ENTRIES,
    password: PASSWORD,
    textFor: (n) => `Entry ${n}: a long walk by the river, thinking about work and the garden. #day${n % 30}`,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const signIn = await page.request.post(`${origin}/api/auth/sign-in`, {
      data: { email: user!.email, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto(`${origin}/search`);
    const box = page.getByRole('searchbox', { name: 'Search entries' });
    const search = async (query: string) => {
      const before = await page.evaluate(() => performance.getEntriesByName('daybook:search').length);
      await box.fill(query);
      await box.press('Enter');
      await page.waitForFunction((n) => performance.getEntriesByName('daybook:search').length > n, before, {
        timeout: 30_000,
      });
      return page.evaluate(() => performance.getEntriesByName('daybook:search').at(-1)!.duration);
    };
    // The first query derives the key (PBKDF2, 100,000 iterations) and is not the measure; then a fresh page.
    await search('river');
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search entries' }).waitFor();
    const coldMs = await search('RIVER');
    const warmMs = await search('garden');
    return { entries: ENTRIES, coldMs, warmMs, goal: '< 50 ms' };
  } finally {
    await browser.close();
    await app.close();
    await bench.drop();
  }
}
