/*
 * The import job and the sweep (ADR 077): claiming imports one after another, running each until it is done,
 * fails, is cancelled or handed on, taking back a cancelled one, and clearing what was left behind. Apart because
 * it is what the job runner calls, never a person's request.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type SessionUser } from '@daybook/shared';
import { HOUR_MS, ImportCancelled, type ImportContext, ImportPaused } from './context.ts';
import type { ImportRow } from './repository.ts';

/** A report nobody dismissed stays readable this long. */
const FINISHED_KEPT_MS = 24 * HOUR_MS;

type Step = (row: ImportRow, user: SessionUser, signal: AbortSignal) => Promise<void>;

export function createImportJobs(ctx: ImportContext, check: Step, write: Step) {
  const { entries, clock, tmpDir, repository, discardPreview, dropStaged, removeArchive } = ctx;

  /**
   * Takes back everything an import made: what its check staged, the entries it had written (the batch goes as a
   * whole, as "Remove" on /export would), and its archive. The row itself is the caller's.
   */
  async function undo(row: ImportRow, user: SessionUser): Promise<void> {
    await dropStaged(user, row.id);
    if (row.batchId) {
      await entries.removeImportBatch(user, row.batchId);
      await repository.removeBatch(user.id, row.batchId);
    }
    await removeArchive(row);
  }

  /** Runs one claimed import until it is done, fails, is cancelled, or this instance stops. */
  async function run(row: ImportRow, signal: AbortSignal): Promise<void> {
    const user = await ctx.owner(row.userId);
    if (!user) return void (await repository.remove(row.userId, row.id));
    try {
      if (row.state === 'cancelled') {
        await undo(row, user);
        return void (await repository.remove(user.id, row.id));
      }
      if (row.attempts > IMPORT_LIMITS.maxAttempts) {
        await undo(row, user);
        await repository.change(row, [row.state], {
          state: 'failed',
          failure: { code: 'SERVICE_UNAVAILABLE', message: IMPORT_MESSAGES.gaveUp },
          archivePath: null,
          leaseUntil: null,
          batchId: null,
        });
        return;
      }
      if (row.state === 'checking') await check(row, user, signal);
      else await write(row, user, signal);
    } catch (error) {
      if (error instanceof ImportPaused) {
        // Handed on at once, and the pause does not count as an attempt.
        await repository.change(row, [row.state], { leaseUntil: null, attempts: row.attempts - 1 });
        return;
      }
      if (error instanceof ImportCancelled) {
        const latest = await repository.findOwned(user.id, row.id);
        if (latest?.state === 'cancelled') {
          await undo(latest, user);
          await repository.remove(user.id, row.id);
        }
        return;
      }
      // Anything else (the database went away, a bug) leaves the lease to run out: the import is taken up again.
      throw error;
    }
  }

  return {
    /**
     * The import job (ADR 077): takes imports one after another, as long as there are some no other instance
     * holds, until `signal` (this instance stopping). Every instance may run it.
     */
    async runPending(signal: AbortSignal = new AbortController().signal): Promise<number> {
      let ran = 0;
      while (!signal.aborted) {
        const now = clock.now();
        const row = await repository.claimNext(
          now,
          new Date(now.getTime() + IMPORT_LIMITS.leaseSeconds * 1000),
        );
        if (!row) break;
        await run(row, signal);
        ran++;
      }
      return ran;
    },

    /** Previews an hour past their validity and reports a day old go, with what they staged. */
    async sweep(): Promise<number> {
      const now = clock.now();
      // A preview an hour past its validity: a row of the previous version that is still being staged has ended
      // validity too (ADR 054), and its own instance may be writing its items for a while yet (ADR 077).
      const rows = await repository.leftBehind(
        new Date(now.getTime() - HOUR_MS),
        new Date(now.getTime() - FINISHED_KEPT_MS),
      );
      for (const row of rows) {
        const user = await ctx.owner(row.userId);
        if (user && row.state === 'ready') await discardPreview(user, row.id);
        else await repository.remove(row.userId, row.id);
      }
      // What a process killed mid-upload or mid-check left on this instance's disk.
      for (const name of await readdir(tmpDir).catch(() => [])) {
        const file = path.join(tmpDir, name);
        const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
        if (now.getTime() - mtimeMs > HOUR_MS) await rm(file, { recursive: true, force: true });
      }
      return rows.length;
    },
  };
}
