import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import recorded from './file-durations.json' with { type: 'json' };

/** Seconds per `project:file`, from a recent run (refreshed with `node scripts/test-durations.mjs`). */
const RECORDED_SECONDS: Record<string, number> = recorded;

/**
 * Starts the integration files longest first, both databases' files mixed (ADR 065). Vitest's own order runs
 * one project after the other, each larger file first when it has no results cache (a clean clone, CI): every
 * PGlite file (CPU on the test's own process) and then every PostgreSQL file (waiting on the server), so the
 * cores were oversubscribed in the first half and idle in the second, and a long file could start last. A file
 * this machine ran before is timed from Vitest's cache, others from the recorded table; a new file runs first.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expectedSeconds = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key);
      return cached ? cached.duration / 1000 : (RECORDED_SECONDS[key] ?? Number.POSITIVE_INFINITY);
    };
    return [...files].sort((a, b) => expectedSeconds(b) - expectedSeconds(a));
  }
}
