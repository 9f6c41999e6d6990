import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { measureBudgets } from '../scripts/check-budgets.mjs';
import { sessionCookieOf, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';

const PASSWORD = 'Seed-River-42';
/** Runs per page; the median is reported (one run on a busy machine can be an outlier either way). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

export type LighthouseFigures = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferredKb: number;
  /** Every run's performance score, the median of which is `performance`. */
  performanceRuns: number[];
};

/**
 * One Lighthouse run; a run that Lighthouse itself reports as broken (a `runtimeError`, e.g. no paint seen on a
 * starved machine, scored 0) is tried again, up to twice, rather than counted as the page's score.
 */
async function runLighthouse(url: string, port: number, headers: Record<string, string> | undefined) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(headers ? { extraHeaders: headers } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    console.warn(`Lighthouse run on ${url} failed (${result.lhr.runtimeError.code}); trying again`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Lighthouse 12 (its default: mobile emulation, simulated slow 4G and a 4× slower CPU) in Debian's chromium
 * against the built web app served by the real server: `/`, `/login`, and `/dashboard` signed in as a user
 * with 20 entries (the session cookie passed as an extra header). `only` runs some of them (e.g. ['/']).
 */
export async function lighthouseBench(only?: readonly string[]): Promise<LighthouseFigures[]> {
  const bench = await openBenchDatabase();
  const { app, config, origin } = await startBenchApp(bench.database);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    const [user] = await seedEntries(bench.database, config.encryptionSecret, {
      users: 1,
      entries: 20,
      password: PASSWORD,
      emailPrefix: 'lighthouse',
    });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user!.email, password: PASSWORD },
    });
    const cookie = sessionCookieOf(signIn.headers['set-cookie']);

    const pages = [
      { page: '/', headers: undefined },
      { page: '/login', headers: undefined },
      { page: '/dashboard', headers: { Cookie: cookie } },
    ].filter(({ page }) => !only || only.includes(page));
    const figures: LighthouseFigures[] = [];
    for (const { page, headers } of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await runLighthouse(`${origin}${page}`, chrome.port, headers);
        const { categories, audits } = result.lhr;
        if (page === '/dashboard' && !result.lhr.finalDisplayedUrl.endsWith('/dashboard')) {
          throw new Error(`The dashboard run ended on ${result.lhr.finalDisplayedUrl}: not signed in`);
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          page,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(value('largest-contentful-paint')),
          fcpMs: Math.round(value('first-contentful-paint')),
          tbtMs: Math.round(value('total-blocking-time')),
          cls: Number(value('cumulative-layout-shift').toFixed(3)),
          speedIndexMs: Math.round(value('speed-index')),
          transferredKb: Math.round(value('total-byte-weight') / 1000),
        });
      }
      // The run with the median performance score stands for the page, its other figures with it.
      const middle = median(runs.map((r) => r.performance));
      const chosen = runs.find((r) => r.performance === middle) ?? runs[0]!;
      figures.push({ ...chosen, performanceRuns: runs.map((r) => r.performance) });
    }
    return figures;
  } finally {
    chrome.kill();
    await app.close();
    await bench.drop();
  }
}

/** The JavaScript and CSS each budgeted route loads (scripts/check-budgets.mjs), gzip, in KB. */
export function bundleFigures() {
  const { routes, overBudget } = measureBudgets(path.resolve(import.meta.dirname, '../apps/web/dist'));
  return {
    routes: routes.map((r) => ({
      route: r.route,
      jsKb: Number((r.jsTotal / 1000).toFixed(1)),
      jsBudgetKb: r.jsBudget / 1000,
      cssKb: Number((r.cssTotal / 1000).toFixed(1)),
      cssBudgetKb: r.cssBudget / 1000,
      chunks: r.js.length,
    })),
    withinBudget: overBudget.length === 0,
  };
}

export function printWebFigures(
  lighthouseFigures: LighthouseFigures[],
  bundles: ReturnType<typeof bundleFigures>,
) {
  console.info('\nLighthouse (mobile emulation, Debian chromium; median of runs):');
  console.table(
    lighthouseFigures.map((f) => ({
      page: f.page,
      performance: f.performance,
      runs: f.performanceRuns.join(' '),
      accessibility: f.accessibility,
      'best practices': f.bestPractices,
      seo: f.seo,
      'LCP ms': f.lcpMs,
      'FCP ms': f.fcpMs,
      'TBT ms': f.tbtMs,
      CLS: f.cls,
      'KB transferred': f.transferredKb,
    })),
  );
  console.info('JavaScript and CSS per route (gzip):');
  console.table(
    bundles.routes.map((r) => ({
      route: r.route,
      'JS KB': r.jsKb,
      'JS budget KB': r.jsBudgetKb,
      'CSS KB': r.cssKb,
      'CSS budget KB': r.cssBudgetKb,
      chunks: r.chunks,
    })),
  );
}

// `npx tsx bench/lighthouse.bench.ts` runs this part alone and records it in results/latest.json.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const figures = await lighthouseBench();
  const bundles = bundleFigures();
  printWebFigures(figures, bundles);
  const latest = path.join(import.meta.dirname, 'results', 'latest.json');
  const report = JSON.parse(readFileSync(latest, 'utf8'));
  report.web = { at: new Date().toISOString(), lighthouse: figures, bundles };
  writeFileSync(latest, `${JSON.stringify(report, null, 2)}\n`);
}
