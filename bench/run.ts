import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { entryCreationBench } from './entries.bench.ts';
import { healthBench } from './health.bench.ts';

/**
 * `npm run bench`: each benchmark reports a ratio measured within one run (our stack ÷ a bare baseline),
 * which holds up on a noisy machine far better than absolute times. Results go to bench/results/.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

const results = [
  await healthBench({ seconds, connections }),
  await entryCreationBench({ seconds, connections }),
];

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.info(
  `\nDaybook benchmarks (${os.cpus().length} cores, ${seconds}s × 2 rounds each, ${connections} connections)\n`,
);
console.table(
  results.map((r) => ({
    benchmark: r.name,
    driver: r.driver,
    'ours req/s': fmt(r.a.requestsPerSecond),
    'baseline req/s': fmt(r.b.requestsPerSecond),
    'ours p99 ms': fmt(r.a.p99Ms, 1),
    ratio: fmt(r.ratio, 2),
    goal: r.goal,
    errors: r.a.errors + r.a.non2xx,
  })),
);

const dir = path.join(import.meta.dirname, 'results');
mkdirSync(dir, { recursive: true });
const report = {
  at: new Date().toISOString(),
  node: process.version,
  cores: os.cpus().length,
  seconds,
  connections,
  results,
};
writeFileSync(
  path.join(dir, `${report.at.replace(/[:.]/g, '-')}.json`),
  `${JSON.stringify(report, null, 2)}\n`,
);
writeFileSync(path.join(dir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
