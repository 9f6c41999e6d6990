import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobRuns } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

export type JobRun = typeof jobRuns.$inferSelect;

/**
 * The last run of each job, in the database so that the admin area sees every instance's jobs (jobs health,
 * ADR 034). One row per job name, upserted at the start and at the end of each run: a few writes a minute.
 */
export function createJobRunStore(db: Db, clock: Clock) {
  return {
    async started(name: string): Promise<void> {
      const now = clock.now();
      await db
        .insert(jobRuns)
        .values({ name, lastStartedAt: now })
        .onConflictDoUpdate({ target: jobRuns.name, set: { lastStartedAt: now } });
    },

    async finished(name: string, error: unknown): Promise<void> {
      const now = clock.now();
      const outcome =
        error === undefined
          ? { lastFinishedAt: now, lastSucceededAt: now }
          : {
              lastFinishedAt: now,
              lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
              lastErrorAt: now,
            };
      await db
        .insert(jobRuns)
        .values({ name, ...outcome })
        .onConflictDoUpdate({ target: jobRuns.name, set: outcome });
    },

    list: (): Promise<JobRun[]> => db.select().from(jobRuns).orderBy(asc(jobRuns.name)),
  };
}

export type JobRunStore = ReturnType<typeof createJobRunStore>;
