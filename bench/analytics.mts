import { analyticsRenderBench } from './analytics.bench.ts';

/**
 * The /analytics part of `npm run bench` alone (after `npm run build` at the root), for a machine shared with
 * other work: `node --import tsx bench/analytics.mts`. BENCH_PORT moves it off the full run's port.
 */
const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const result = await analyticsRenderBench(port ? { port } : {});
console.info(JSON.stringify(result, null, 2));
