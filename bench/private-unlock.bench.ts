import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const PASSWORD = 'Seed-River-42';
const PASSPHRASE = 'otters hold hands while they sleep';
const UNLOCKS = 5;
/**
 * A free port, known before the app starts: the API's origin check trusts APP_URL, which a browser's requests come
 * from, so the app must be told its own address.
 */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type PrivateUnlockFigures = {
  /** From "Set up private mode" to the recovery words on screen: two wraps, one of them Argon2id. */
  setUpMs: number;
  /** From "Unlock" to the unlock card gone, each run in a new browser session; median and all of them. */
  unlockMedianMs: number;
  unlockMs: number[];
};

/**
 * Private mode's key unlock in Debian's chromium (ADR 089, 095), through the app's own screens: a seeded user sets
 * private mode up on the profile, then, UNLOCKS times, a new browser session (sessionStorage cleared, the page
 * reloaded) types the passphrase in the unlock card and presses "Unlock". Timed from the click to the card gone:
 * the key material fetched, Argon2id (64 MiB, 3 passes, hash-wasm's WebAssembly, in its worker) and the unwrap, as
 * a person meets it. The first unlock includes loading hash-wasm.
 */
export async function privateUnlockBench(): Promise<PrivateUnlockFigures> {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database, await freePort());
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const [user] = await seedEntries(bench.database, config.encryptionSecret, {
      users: 1,
      entries: 1,
      password: PASSWORD,
      emailPrefix: 'private-unlock',
    });
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const signIn = await page.request.post(`${origin}/api/auth/sign-in`, {
      data: { email: user!.email, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);

    await page.goto(`${origin}/profile#private-mode`);
    await page.getByRole('button', { name: 'Set up private mode' }).click();
    await page.getByLabel('Your sign-in password').fill(PASSWORD);
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.getByLabel('Confirm passphrase').fill(PASSPHRASE);
    const setUpStart = Date.now();
    await page.getByRole('button', { name: 'Set up private mode' }).click();
    const words = page.getByRole('list', { name: 'Recovery key' });
    const refused = page.getByRole('alert');
    await words.or(refused).first().waitFor({ timeout: 60_000 });
    if (await refused.isVisible()) throw new Error(`set-up refused: ${await refused.innerText()}`);
    const setUpMs = Date.now() - setUpStart;
    await page.getByLabel('I have saved my recovery key somewhere safe').check();
    await page.getByRole('button', { name: 'Finish setting up' }).click();
    await page.getByText('Unlocked in this browser session.').waitFor();

    const unlockMs: number[] = [];
    const locked = page.getByRole('heading', { name: 'Your journal is locked' });
    for (let run = 0; run < UNLOCKS; run += 1) {
      // A new browser session: the key kept for the tab is gone.
      await page.evaluate('sessionStorage.clear()');
      await page.goto(`${origin}/dashboard`);
      await locked.waitFor({ timeout: 30_000 });
      await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
      const start = Date.now();
      await page.getByRole('button', { name: 'Unlock', exact: true }).click();
      await locked.waitFor({ state: 'detached', timeout: 60_000 });
      unlockMs.push(Date.now() - start);
    }
    await context.close();
    const sorted = [...unlockMs].sort((a, b) => a - b);
    return { setUpMs, unlockMedianMs: sorted[Math.floor(sorted.length / 2)]!, unlockMs };
  } finally {
    await browser.close();
    await app.close();
    await bench.drop();
  }
}

export function printPrivateUnlock(figures: PrivateUnlockFigures) {
  console.info(
    `\nPrivate mode in chromium (Argon2id 64 MiB × 3, the app's own screens): key unlock ${figures.unlockMedianMs} ms median of ${figures.unlockMs.length} (${figures.unlockMs.join(', ')} ms; the first loads hash-wasm); set-up to the recovery words ${figures.setUpMs} ms`,
  );
}

// `npx tsx bench/private-unlock.bench.ts` (after `node scripts/builds.mjs web server`) runs this alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  printPrivateUnlock(await privateUnlockBench());
}
