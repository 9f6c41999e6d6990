import { readFileSync, existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { seedEntries } from '../apps/server/src/modules/admin/seed.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { sessionCookieOf, startBenchApp } from './lib/app.ts';
import { openBenchDatabase } from './lib/database.ts';
const bench = await openBenchDatabase();
const { app, config, origin } = await startBenchApp(bench.database);
const [user] = await seedEntries(bench.database, config.encryptionSecret, { users: 1, entries: 20, password: 'Seed-River-42', emailPrefix: 'lh' });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user!.email, password: 'Seed-River-42' } });
const cookie = sessionCookieOf(signIn.headers['set-cookie']);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: { Cookie: cookie } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${origin}/dashboard`);
await page.waitForTimeout(8000);
const { profile } = await cdp.send('Profiler.stop');
const maps = new Map<string, TraceMap | null>();
const mapFor = (url: string) => {
  if (!maps.has(url)) {
    const file = `/work/main/apps/web/dist/${new URL(url).pathname}.map`;
    maps.set(url, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null);
  }
  return maps.get(url);
};
const where = (cf: any) => {
  if (!cf.url) return cf.functionName || '(native)';
  const m = mapFor(cf.url);
  if (!m) return `${cf.functionName}@${cf.url.split('/').pop()}`;
  const pos = originalPositionFor(m, { line: cf.lineNumber + 1, column: cf.columnNumber });
  const src = (pos.source ?? '?').replace(/.*node_modules\//, 'nm/').replace(/.*\/src\//, 'src/');
  return `${pos.name ?? cf.functionName}@${src}:${pos.line}`;
};
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>(); const incl = new Map<string, number>(); const pkg = new Map<string, number>();
const samples = profile.samples!; const deltas = profile.timeDeltas!;
for (let i = 0; i < samples.length; i++) {
  const dt = (deltas[i + 1] ?? 0) / 1000;
  const node: any = byId.get(samples[i]!);
  if (['(idle)', '(program)'].includes(node.callFrame.functionName)) continue;
  const k = where(node.callFrame); self.set(k, (self.get(k) ?? 0) + dt);
  const seen = new Set<string>(); let id: number | undefined = node.id;
  while (id !== undefined) { const n: any = byId.get(id); const w = where(n.callFrame); const src = w.split('@')[1]?.split(':')[0] ?? w; if (!seen.has(src)) { seen.add(src); incl.set(src, (incl.get(src) ?? 0) + dt); } id = parent.get(id); }
  const src = k.split('@')[1]?.split(':')[0] ?? k;
  const p = src.startsWith('nm/') ? src.split('/').slice(0, src.split('/')[1]?.startsWith('@') ? 3 : 2).join('/') : src;
  pkg.set(p, (pkg.get(p) ?? 0) + dt);
}
console.log('SELF BY PACKAGE/FILE');
for (const [k, v] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v.toFixed(0).padStart(6), k);
console.log('SELF TOP FUNCTIONS in zod/tailwind/router');
for (const [k, v] of [...self].filter(([k]) => /zod|tailwind|react-router/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(v.toFixed(0).padStart(6), k);
console.log('CALLERS (app frames) of zod self time');
const zc = new Map<string, number>();
for (let i = 0; i < samples.length; i++) {
  const dt = (deltas[i + 1] ?? 0) / 1000;
  const node: any = byId.get(samples[i]!);
  if (!where(node.callFrame).includes('zod')) continue;
  let id: number | undefined = node.id; let found = '(no app frame)';
  while (id !== undefined) { const w = where((byId.get(id) as any).callFrame); if (w.includes('@src/')) { found = w; break; } id = parent.get(id); }
  zc.set(found, (zc.get(found) ?? 0) + dt);
}
for (const [k, v] of [...zc].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(0).padStart(6), k);
console.log('INCLUSIVE BY SOURCE FILE (app)');
for (const [k, v] of [...incl].filter(([k]) => k.startsWith('src/')).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(0).padStart(6), k);
await browser.close(); await app.close(); await bench.drop(); process.exit(0);
