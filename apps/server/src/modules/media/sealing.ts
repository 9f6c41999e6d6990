import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { createMediaRepository } from './repository.ts';

/** How long a run holds the job without a word; each file it finishes holds it this much longer. */
const LEASE_MS = 5 * 60_000;
/**
 * A pass through the whole storage starts at most this often. The job is finished by a pass that found nothing to
 * seal and began this long after the first: an instance of the previous version, still writing plain files during
 * an upgrade (ADR 079), is gone by then, and the files it wrote were sealed by the pass before.
 */
export const SEALING_PASS_GAP_MS = 60 * 60_000;

export type SealingRun = {
  /** Files this run sealed. */
  sealed: number;
  /** Files this run looked at. */
  checked: number;
  outcome: 'not claimed' | 'waiting for the next pass' | 'stopped' | 'lease lost' | 'pass done' | 'finished';
};

/**
 * The `seal-stored-media` job (ADR 081): walks the storage listing in path order and seals every file stored plain
 * before media were sealed at rest (a file is plain when its first bytes are not the container's magic), writing the
 * sealed copy over the plain one (`Storage.sealInPlace`: a crash leaves one or the other, both readable). Reads take
 * plain and sealed files alike meanwhile. One instance holds the job at a time (a lease on its row, SKIP LOCKED);
 * after each file the cursor is saved, so a run stopped by `signal` (shutdown), a crash or a lost lease resumes
 * after the last file it finished. A file moved or written plain while a pass is past its place (a draft saved to
 * its entry, an instance of the previous version) is sealed by the next pass.
 */
export async function sealStoredMedia(
  deps: { db: Db; storage: Storage; clock: Clock; workDir: string },
  signal?: AbortSignal,
): Promise<SealingRun> {
  const repository = createMediaRepository(deps.db);
  const holder = randomUUID();
  const leaseFrom = () => new Date(deps.clock.now().getTime() + LEASE_MS);
  const run: SealingRun = { sealed: 0, checked: 0, outcome: 'not claimed' };
  const row = await repository.claimSealing(holder, deps.clock.now(), leaseFrom());
  if (!row) return run;
  try {
    const now = deps.clock.now();
    let { cursor, passSealed, passStartedAt } = row;
    if (!passStartedAt || row.passEndedAt) {
      if (passStartedAt && now.getTime() - passStartedAt.getTime() < SEALING_PASS_GAP_MS)
        return { ...run, outcome: 'waiting for the next pass' };
      cursor = null;
      passSealed = 0;
      passStartedAt = now;
      await repository.saveSealing(holder, {
        cursor,
        passSealed,
        passStartedAt,
        passEndedAt: null,
        firstStartedAt: row.firstStartedAt ?? now,
      });
    }
    const firstStartedAt = row.firstStartedAt ?? now;

    for await (const page of deps.storage.list(cursor ?? undefined)) {
      for (const file of page) {
        if (signal?.aborted) return { ...run, outcome: 'stopped' };
        const sealed = (await deps.storage.sealInPlace(file.path, deps.workDir)) === 'sealed';
        run.checked++;
        if (sealed) {
          run.sealed++;
          passSealed++;
        }
        const held = await repository.saveSealing(holder, {
          cursor: file.path,
          passSealed,
          ...(sealed ? { sealedFiles: (row.sealedFiles ?? 0) + run.sealed } : {}),
          leaseUntil: leaseFrom(),
        });
        if (!held) return { ...run, outcome: 'lease lost' };
      }
    }

    const ended = deps.clock.now();
    const isFinished =
      passSealed === 0 && passStartedAt.getTime() - firstStartedAt.getTime() >= SEALING_PASS_GAP_MS;
    await repository.saveSealing(holder, {
      cursor: null,
      passEndedAt: ended,
      ...(isFinished ? { finishedAt: ended } : {}),
    });
    return { ...run, outcome: isFinished ? 'finished' : 'pass done' };
  } finally {
    await repository.releaseSealing(holder);
  }
}
