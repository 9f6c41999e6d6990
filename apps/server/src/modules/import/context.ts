/*
 * What every part of the import service shares (ADR 100): its dependencies, the repository, an import's row as the
 * API shows it, the skips a report lists, and what a running job calls as it goes (its progress, its lease, and
 * finding out it was cancelled or handed on). The parts meet here, never through service.ts.
 */
import path from 'node:path';
import {
  IMPORT_LIMITS,
  type ImportJob,
  type ImportPreview,
  type ImportProgress,
  type ImportReport,
  type ImportSkip,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EntriesService } from '../entries/service.ts';
import type { MediaService } from '../media/service.ts';
import {
  createImportRepository,
  type ImportItemRow,
  type ImportRow,
  type VisibleEntries,
} from './repository.ts';

export const HOUR_MS = 3600_000;

/** How often a running job writes its progress (and renews its lease): often enough for a bar that moves. */
const PROGRESS_EVERY_MS = 1_000;

/**
 * The imports' own temporary folder: uploads on their way to storage and each job's copy of its archive. The
 * sweep empties it of what is an hour old, which only a process that died mid-way can leave (ADR 077).
 */
export const importTmpDir = (dataDir: string) => path.join(dataDir, 'tmp', 'imports');

/** Thrown inside a job when the person cancelled the import it is working on. */
export class ImportCancelled extends Error {}
/** Thrown inside a job when this instance is stopping: the import is handed on, not failed. */
export class ImportPaused extends Error {}

/** What the preview row keeps for the report: the answer given at upload, and whether an entry read as a crisis. */
export type StoredSummary = ImportPreview & { hasCrisis?: boolean };

export type NewItem = Omit<ImportItemRow, 'previewId'>;

/** Keeps every skip counted and the first ones listed. */
export function skipList(initial: ImportSkip[] = [], initialCount = initial.length) {
  const listed = initial.slice(0, IMPORT_LIMITS.listedSkips);
  let count = initialCount;
  return {
    add(...items: ImportSkip[]) {
      for (const item of items) {
        count++;
        if (listed.length < IMPORT_LIMITS.listedSkips) listed.push(item);
      }
    },
    get listed() {
      return listed;
    },
    get count() {
      return count;
    },
  };
}

export type ImportDeps = {
  db: Db;
  entries: EntriesService;
  media: MediaService;
  keys: EntryKeys;
  moderator: TextModerator;
  clock: Clock;
  tmpDir: string;
  visibleEntries: VisibleEntries;
  storage: Storage;
  /** The account an import belongs to, as its requests would see it; null once it is gone. */
  owner: (userId: string) => Promise<SessionUser | null>;
  /** Whether the account is in private mode, whose entries the server cannot write (ADR 094). */
  isPrivate: (userId: string) => Promise<boolean>;
};

export function createImportContext(deps: ImportDeps) {
  const { media, clock, storage } = deps;
  const repository = createImportRepository(deps.db, deps.visibleEntries, () => clock.now());

  async function discardPreview(user: SessionUser, id: string): Promise<boolean> {
    for (const draftId of await repository.draftIds(user.id, id)) await media.discardDraft(user, draftId);
    return repository.remove(user.id, id);
  }

  /** Drops what a check staged (items and their media drafts), so that a new attempt starts clean. */
  async function dropStaged(user: SessionUser, id: string, afterPosition = 0): Promise<void> {
    for (const draftId of await repository.draftIds(user.id, id, afterPosition))
      await media.discardDraft(user, draftId);
    await repository.removeItems(id);
  }

  async function removeArchive(row: ImportRow): Promise<void> {
    if (row.archivePath) await storage.remove(row.archivePath).catch(() => undefined);
  }

  /**
   * What a running job calls as it goes: at most once a second it writes the progress and renews its lease, in a
   * statement that also finds out whether the person cancelled (the row left `state`). Stopping this instance
   * pauses the job instead, so the next one takes the import up.
   */
  function progressWriter(row: ImportRow, state: 'checking' | 'importing', signal: AbortSignal) {
    let last = 0;
    return async (progress: ImportProgress, extra: Partial<ImportRow> = {}, force = false) => {
      const now = clock.now().getTime();
      if (force || now - last >= PROGRESS_EVERY_MS) {
        last = now;
        const leaseUntil = new Date(now + IMPORT_LIMITS.leaseSeconds * 1000);
        if (!(await repository.change(row, [state], { progress, leaseUntil, ...extra })))
          throw new ImportCancelled();
      }
      // After the write: what was done up to here is recorded before the import is handed on.
      if (signal.aborted) throw new ImportPaused();
    };
  }

  /** The row as the API shows it. */
  function toJob(row: ImportRow): ImportJob {
    const { hasCrisis: _hasCrisis, ...preview } = row.summary as StoredSummary;
    return {
      id: row.id,
      state: row.state,
      source: row.source,
      progress: row.progress,
      preview: row.state === 'ready' ? preview : null,
      report: row.state === 'done' ? (row.report as ImportReport) : null,
      error: row.state === 'failed' ? row.failure : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return { ...deps, repository, discardPreview, dropStaged, removeArchive, progressWriter, toJob };
}

export type ImportContext = ReturnType<typeof createImportContext>;
