import { localDate, streakWindowStart } from '@daybook/shared';
import { streakQuery } from '../apps/server/src/modules/entries/repository.ts';
import { type ReadScenario, readScenario } from './lib/scenario.ts';

export type StreakScenario = ReadScenario;

/**
 * GET /api/streak (session, the one streak statement, the streak rules, JSON) against the same statement through
 * a bare pg client answering its rows as JSON. The benchmarked user has 1,000 entries over the past year (about
 * 365 distinct days, so the statement ranks and groups every one of them); the rest belong to other users.
 */
export function streakBench(options: {
  seconds: number;
  connections: number;
  totalEntries: number;
}): Promise<StreakScenario> {
  // The seeded users' zone is UTC; the statement as the entries repository sends it for today.
  const today = localDate(new Date(), 'UTC');
  return readScenario({
    ...options,
    path: '/api/streak',
    statement: (user) => streakQuery(user.id, today, streakWindowStart(today)),
    answer: (rows) => ({ runs: rows }),
  });
}
