import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { measureBudgets } from '../scripts/check-budgets.mjs';
import { startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const PASSWORD = 'Seed-River-42';
/** A fixed port, so that the app's origin check trusts what the page posts (the first visit makes a key pair). */
const PORT = 3196;
const DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** How long the page must stay without a new script before the count is taken (lazy parts load after render). */
const QUIET_MS = 3000;

export type DashboardJavaScript = {
  viewport: string;
  /** Every script the page loaded, gzip level 9 of the built file as scripts/check-budgets.mjs counts it. */
  gzipKb: number;
  scripts: number;
  /** The files, largest first, with their gzip size in bytes. */
  files: { file: string; gzip: number }[];
  /** What scripts/check-budgets.mjs counts for `/dashboard`, and its budget. */
  budgetKb: number;
  budgetedKb: number;
};

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** A first visit to the dashboard, which makes the account's key pair (ADR 102); waits until the server has it. */
async function makeKeyPairOnFirstVisit(browser: Browser, origin: string, email: string): Promise<void> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const signIn = await page.request.post(`${origin}/api/auth/sign-in`, {
      data: { email, password: PASSWORD },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto(`${origin}/dashboard`, { waitUntil: 'load' });
    const deadline = Date.now() + 30_000;
    while ((await page.request.get(`${origin}/api/me/key-pair`)).status() !== 200) {
      if (Date.now() > deadline) throw new Error('the first visit made no key pair within 30 s');
      await page.waitForTimeout(250);
    }
  } finally {
    await context.close();
  }
}

/**
 * The JavaScript a signed-in `/dashboard` loads in Debian's chromium (ADR 076): a seeded user with 20
 * entries, signed in, opens the dashboard with an empty cache and no service worker; every script the page asks
 * for until it has been quiet for three seconds is counted, each at the gzip size of its built file (the measure
 * of scripts/check-budgets.mjs, which counts the same set from the build). No interaction: what a popup, a menu
 * or a dialog loads when first used is not part of it. A script the page loaded that the budget script does not
 * count fails the run, so the two measures cannot drift apart (ADR 076). The person has been here before: an
 * account's very first load since key pairs makes its pair (ADR 102) and loads that code once, so a first visit,
 * not measured, makes it beforehand.
 */
export async function dashboardJavaScriptBench(): Promise<DashboardJavaScript[]> {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database, PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const budgeted = measureBudgets(DIST).routes.find((r) => r.route === '/dashboard');
  if (!budgeted) throw new Error('scripts/check-budgets.mjs has no /dashboard');
  const counted = new Set(budgeted.js.map((chunk) => chunk.file));
  try {
    const [user] = await seedEntries(bench.database, config.encryptionSecret, {
      users: 1,
      entries: 20,
      password: PASSWORD,
      emailPrefix: 'dashboard-js',
    });
    await makeKeyPairOnFirstVisit(browser, origin, user!.email);
    const results: DashboardJavaScript[] = [];
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      const context = await browser.newContext({ viewport: size, serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        const signIn = await page.request.post(`${origin}/api/auth/sign-in`, {
          data: { email: user!.email, password: PASSWORD },
        });
        if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
        const scripts = new Set<string>();
        let lastScriptAt = Date.now();
        page.on('request', (request) => {
          if (request.resourceType() !== 'script') return;
          scripts.add(new URL(request.url()).pathname.slice(1));
          lastScriptAt = Date.now();
        });
        await page.goto(`${origin}/dashboard`, { waitUntil: 'load' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        if (!page.url().endsWith('/dashboard')) throw new Error(`ended on ${page.url()}: not signed in`);
        while (Date.now() - lastScriptAt < QUIET_MS) await page.waitForTimeout(250);
        const files = [...scripts]
          .map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length }))
          .sort((a, b) => b.gzip - a.gzip);
        const total = files.reduce((sum, f) => sum + f.gzip, 0);
        const uncounted = files.filter((f) => !counted.has(f.file)).map((f) => f.file);
        if (uncounted.length > 0) {
          throw new Error(
            `/dashboard (${viewport}) loaded scripts that scripts/check-budgets.mjs does not count: ${uncounted.join(', ')}`,
          );
        }
        results.push({
          viewport,
          gzipKb: Number((total / 1000).toFixed(1)),
          scripts: files.length,
          files,
          budgetKb: budgeted.jsBudget / 1000,
          budgetedKb: Number((budgeted.jsTotal / 1000).toFixed(1)),
        });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
    await app.close();
    await bench.drop();
  }
}

export function printDashboardJavaScript(results: DashboardJavaScript[], verbose = false) {
  console.info('\nJavaScript a signed-in /dashboard loads in chromium (gzip; goal < 250 KB):');
  console.table(
    results.map((r) => ({
      viewport: r.viewport,
      'JS KB': r.gzipKb,
      scripts: r.scripts,
      'budget script KB': r.budgetedKb,
      'budget KB': r.budgetKb,
    })),
  );
  if (verbose) {
    for (const r of results) {
      console.info(`${r.viewport}:`);
      for (const f of r.files) console.info(`  ${(f.gzip / 1000).toFixed(1).padStart(6)} KB  ${f.file}`);
    }
  }
}

// `npx tsx bench/dashboard-javascript.bench.ts [--verbose]` (after `node scripts/builds.mjs web`) runs this alone.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  printDashboardJavaScript(await dashboardJavaScriptBench(), process.argv.includes('--verbose'));
}
