import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedEntries } from '/work/main/apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_PATH } from '/work/main/e2e/support/chromium.ts';
import { sessionCookieOf, startBenchApp } from '/work/main/bench/lib/app.ts';
import { openBenchDatabase } from '/work/main/bench/lib/database.ts';
import { writeFileSync } from 'node:fs';
const bench = await openBenchDatabase();
const { app, config, origin } = await startBenchApp(bench.database);
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'] });
const [user] = await seedEntries(bench.database, config.encryptionSecret, { users: 1, entries: 20, password: 'Seed-River-42', emailPrefix: 'lh' });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user!.email, password: 'Seed-River-42' } });
const cookie = sessionCookieOf(signIn.headers['set-cookie']);
const page = process.argv[2] ?? '/dashboard';
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
  const result = await lighthouse(`${origin}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: { Cookie: cookie } });
  const lhr = result!.lhr;
  writeFileSync(`/tmp/lh/lhr-${i}.json`, JSON.stringify(lhr));
  const a = lhr.audits;
  console.log('score', Math.round(lhr.categories.performance.score! * 100), 'TBT', Math.round(a['total-blocking-time'].numericValue!), 'LCP', Math.round(a['largest-contentful-paint'].numericValue!), 'FCP', Math.round(a['first-contentful-paint'].numericValue!), 'SI', Math.round(a['speed-index'].numericValue!), 'CLS', a['cumulative-layout-shift'].numericValue);
}
chrome.kill(); await app.close(); await bench.drop(); process.exit(0);
