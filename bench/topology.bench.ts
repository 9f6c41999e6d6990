import path from 'node:path';
import { startTopology } from '../apps/server/test/support/topology.ts';
import { staleness } from '../scripts/builds.mjs';
import { createLoadAccounts } from './lib/load-accounts.ts';
import { type LoadResult, printLoad, runLoad } from './lib/load-generator.ts';

export type TopologyRun = Omit<LoadResult, 'samples' | 'acknowledgedEntryIds'> & {
  instances: number;
  /** p95 of every operation together. */
  p95AllMs: number;
};
export type TopologyFigures = {
  one: TopologyRun;
  two: TopologyRun;
  /** Operations completed per second, two instances ÷ one. */
  ratio: number;
  /** p95 of every operation together, two instances ÷ one. */
  p95Ratio: number;
};

const ROOT = path.resolve(import.meta.dirname, '..');

/** The p95 of all operations of a run, whatever their kind. */
const p95Of = (result: LoadResult) => {
  const latencies = result.samples.map((s) => s.endMs - s.startMs).sort((a, b) => a - b);
  return latencies[Math.ceil(0.95 * latencies.length) - 1] ?? Number.NaN;
};

/**
 * `npm run bench`'s load step (ADR 090): the load generator of `npm run bench:load` against one instance of the
 * production build behind nginx (deploy/nginx.conf, as the topology test runs it), then against two, each on a
 * fresh PostgreSQL database with s3rver and an SMTP listener. The arrivals are asked for faster than one instance
 * answers, with a cap on what is in flight, so the operations completed per second are what the set-up sustains;
 * the ratio says what the second instance adds on this machine (where nginx, PostgreSQL and the generator share
 * the same cores, it cannot reach 2).
 */
export async function topologyBench(options: { seconds: number; ratePerSecond: number; people: number }) {
  const why = staleness('server');
  if (why) throw new Error(`The server build cannot be measured (${why}): run \`npm run build\` first`);
  const runs: TopologyRun[] = [];
  for (const instances of [1, 2]) {
    const topology = await startTopology({
      instances,
      serverEntry: path.join(ROOT, 'apps/server/dist/main.js'),
    });
    try {
      const accounts = await createLoadAccounts(topology.database, options.people, { liftDailyLimit: true });
      const result = await runLoad({
        url: topology.url,
        accounts,
        ratePerSecond: options.ratePerSecond,
        seconds: options.seconds,
        ca: topology.ca,
        maxInFlight: 64,
      });
      printLoad(`${instances === 1 ? 'One instance' : 'Two instances'} behind nginx`, result);
      const { samples: _samples, acknowledgedEntryIds: _ids, ...figures } = result;
      runs.push({ ...figures, instances, p95AllMs: p95Of(result) });
    } finally {
      await topology.close();
    }
  }
  const [one, two] = runs as [TopologyRun, TopologyRun];
  return {
    one,
    two,
    ratio: two.throughput / one.throughput,
    p95Ratio: two.p95AllMs / one.p95AllMs,
  } satisfies TopologyFigures;
}

export function printTopology(figures: TopologyFigures): void {
  const fmt = (n: number, digits = 2) =>
    n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  console.info(
    `Load through nginx (${figures.one.people} people, ${fmt(figures.one.ratePerSecond, 0)} operations/s asked for, at most 64 in flight): one instance ${fmt(figures.one.throughput, 1)} / s, two instances ${fmt(figures.two.throughput, 1)} / s; two ÷ one = ${fmt(figures.ratio)} (throughput), ${fmt(figures.p95Ratio)} (p95 of all operations); errors ${figures.one.errors} and ${figures.two.errors}`,
  );
}
