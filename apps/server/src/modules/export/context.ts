/*
 * What every part of the export service shares (ADR 100): its dependencies, the repository, and how export reads
 * (ADR 035). The parts meet here, never through service.ts.
 */
import type { Executor } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { Storage } from '../../infra/storage/storage.ts';
import type { Clock } from '../../lib/clock.ts';
import { createExportRepository, type VisibleEntries } from './repository.ts';

/** How export reads and writes (ADR 035). */
export const EXPORT_LIMITS = {
  /** Entries read, decrypted and held per round trip: the only text in memory at once. */
  pageSize: 100,
  /** Files sized at once for the summary (a stat on disk, a HEAD on S3). */
  sizeConcurrency: 8,
} as const;

export type ExportDeps = {
  db: Executor;
  storage: Storage;
  keys: EntryKeys;
  clock: Clock;
  visibleEntries: VisibleEntries;
  /** Whether the account is in private mode, whose entries the server cannot read (ADR 094). */
  isPrivate: (userId: string) => Promise<boolean>;
};

export function createExportContext(deps: ExportDeps) {
  return { ...deps, repository: createExportRepository(deps.db, deps.visibleEntries) };
}

export type ExportContext = ReturnType<typeof createExportContext>;
