// `npm run bench:memory-after-use`: ADR 092's step alone (about seven minutes, five of them idle), to measure a change
// to the server's memory without the whole `npm run bench`. Prints the same lines and writes nothing.
import { printMemoryAfterUse, startMemoryAfterUseBench } from './memory-after-use.bench.ts';

const run = await startMemoryAfterUseBench({
  idleSeconds: Number(process.env.BENCH_MEMORY_IDLE_SECONDS ?? 300),
});
console.info(
  `Workload done; measuring the instance (npm, pid ${run.pid}) when its idle minutes have passed…`,
);
printMemoryAfterUse(await run.result);
