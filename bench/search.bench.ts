import { type Browser, chromium } from '@playwright/test';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const SIZES = [500, 10_000] as const;
const PASSWORD = 'Seed-River-42';
const PORT = 3199;

type SearchTimes = {
  entries: number;
  /** The first search of a fresh page: every page of entries fetched, decrypted and filtered (ms). */
  firstMs: number;
  /** Of those, decrypting and filtering (the app's `daybook:search` measure). */
  firstDecryptMs: number;
  /** A later search, over the texts already decrypted (ms). */
  laterMs: number;
};

/**
 * The full-page search in Debian's chromium at 500 and 10,000 encrypted entries over a year (ADR 069): the key
 * already derived at sign-in, then a fresh page, whose first search fetches every entry a page of 1,000 at a time,
 * decrypts and filters them; then a later search over the decrypted text. Each time runs from the Enter key's
 * press in the page to the end of the app's own `daybook:search` measure (decrypting and filtering done). The oldest entry is the one
 * searched for, so reading only the newest pages would fail the run.
 */
export async function browserSearchBench() {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database, PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runs: SearchTimes[] = [];
    for (const entries of SIZES) {
      const [user] = await seedEntries(bench.database, config.encryptionSecret, {
        users: 1,
        entries,
        password: PASSWORD,
        emailPrefix: `search-${entries}`,
        // The last entry seeded is the oldest: only it mentions the lighthouse.
        textFor: (n) =>
          n === entries - 1
            ? 'The lighthouse at Finisterre, the oldest day of all.'
            : `Entry ${n}: a long walk by the river, thinking about work and the garden. #day${n % 30}`,
      });
      runs.push(await timeSearches(browser, origin, user!.email, entries));
    }
    return { runs, goals: { firstMsAt10k: 1500, laterMsAt10k: 100, laterMsAt500: 50 } };
  } finally {
    await browser.close();
    await app.close();
    await bench.drop();
  }
}

async function timeSearches(browser: Browser, origin: string, email: string, entries: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const signIn = await page.request.post(`${origin}/api/auth/sign-in`, {
      data: { email, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    // The first visit derives the key (PBKDF2, 100,000 iterations) as sign-in does; the measured page is fresh.
    await page.goto(`${origin}/search`);
    await page.waitForFunction(() =>
      // The bench compiles without the DOM's types; the page's CSP forbids a string to evaluate.
      Object.keys((globalThis as unknown as { sessionStorage: object }).sessionStorage).some((key) =>
        key.startsWith('daybook-key-'),
      ),
    );
    await page.reload();
    const box = page.getByRole('searchbox', { name: 'Search entries' });
    await box.waitFor();

    const search = async (query: string, expected: string) => {
      const before = await page.evaluate(() => performance.getEntriesByName('daybook:search').length);
      await box.fill(query);
      // The clock starts in the page, at the key press itself (not when the test tool sends it).
      await box.evaluate((element) => {
        element.addEventListener(
          'keydown',
          () => {
            (globalThis as unknown as { searchStartedAt: number }).searchStartedAt = performance.now();
          },
          { once: true },
        );
      });
      await box.press('Enter');
      await page.waitForFunction((n) => performance.getEntriesByName('daybook:search').length > n, before, {
        timeout: 60_000,
      });
      await page.getByText(expected, { exact: true }).waitFor();
      return page.evaluate(() => {
        const last = performance.getEntriesByName('daybook:search').at(-1)!;
        const started = (globalThis as unknown as { searchStartedAt: number }).searchStartedAt;
        return { totalMs: last.startTime + last.duration - started, decryptMs: last.duration };
      });
    };
    const first = await search('LIGHTHOUSE', '1 entry found');
    const later = await search('finisterre', '1 entry found');
    return { entries, firstMs: first.totalMs, firstDecryptMs: first.decryptMs, laterMs: later.totalMs };
  } finally {
    await context.close();
  }
}
