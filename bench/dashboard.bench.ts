import { dashboardPageQuery } from '../apps/server/src/modules/entries/repository.ts';
import { type ReadScenario, readScenario } from './lib/scenario.ts';

export type DashboardScenario = ReadScenario;

/**
 * GET /api/entries?page=1 (session, validation, the two queries, JSON) against the same statement through a bare
 * pg client (the dashboard's page statement as the entries repository sends it, the visible-entries rule
 * included), with `totalEntries` in the database.
 */
function scenario(totalEntries: number, options: { seconds: number; connections: number }) {
  return readScenario({
    ...options,
    totalEntries,
    path: '/api/entries?page=1&pageSize=5',
    statement: (user) => dashboardPageQuery(user.id, 5),
    answer: (rows) => ({ entries: rows, total: (rows[0] as { total_count: number }).total_count }),
  });
}

export async function dashboardBench(options: {
  seconds: number;
  connections: number;
  largeEntries: number;
}) {
  const small = await scenario(10_000, options);
  const large = await scenario(options.largeEntries, options);
  return { small, large, p99Ratio: large.api.p99Ms / Math.max(small.api.p99Ms, 0.001) };
}
