#!/usr/bin/env node
// Refreshes apps/server/test/support/file-durations.json from Vitest's own results cache, which the last local
// `npm run test:integration` wrote. The integration step starts its longest files first with it (ADR 065): a clean
// clone has no cache, and Vitest would otherwise run one project after the other, larger files first.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../apps/server');
const cacheRoot = path.join(server, 'node_modules/.vite/vitest');
const [cacheDir] = readdirSync(cacheRoot);
if (!cacheDir) throw new Error(`no Vitest results under ${cacheRoot}: run npm run test:integration first`);
const { results } = JSON.parse(readFileSync(path.join(cacheRoot, cacheDir, 'results.json'), 'utf8'));
const seconds = Object.fromEntries(
  results
    .map(([key, { duration }]) => [key, Math.round(duration / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
const target = path.join(server, 'test/support/file-durations.json');
writeFileSync(target, `${JSON.stringify(seconds, null, 2)}\n`);
console.info(
  `✔ ${Object.keys(seconds).length} files' durations written to ${path.relative(process.cwd(), target)}`,
);
