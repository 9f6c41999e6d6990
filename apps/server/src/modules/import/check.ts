/*
 * The check, as a job (ADR 077): the uploaded archive fetched to this instance's disk, staged, and left as a
 * preview to confirm or the error that refused it. Apart from the writing, which works on what a check staged.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportPreview, type SessionUser } from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import { ImportCancelled, type ImportContext, ImportPaused, type StoredSummary } from './context.ts';
import type { ImportRow } from './repository.ts';
import { archiveKind } from './sources.ts';
import type { ImportStaging } from './staging.ts';
import { openZipArchive, type ZipArchive } from './zip.ts';

export function createImportCheck(ctx: ImportContext, staging: ImportStaging) {
  const { media, clock, tmpDir, storage, repository, dropStaged, progressWriter, removeArchive } = ctx;
  const { stage } = staging;

  /** Copies the uploaded archive from storage to this instance's disk, where the zip reader can seek in it. */
  async function fetchArchive(row: ImportRow, workDir: string): Promise<string> {
    const stored = row.archivePath ? await storage.read(row.archivePath) : null;
    if (!stored) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.interrupted);
    const local = path.join(workDir, 'archive.zip');
    await pipeline(stored.stream, createWriteStream(local, { mode: 0o600 }));
    return local;
  }

  /**
   * The check, as a job (ADR 077): reads and stages the archive (ADR 054) and leaves a preview to confirm, or the
   * error that refused it. A new attempt (after an instance died) starts again from the top.
   */
  async function check(row: ImportRow, user: SessionUser, signal: AbortSignal): Promise<void> {
    await dropStaged(user, row.id);
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const workDir = await mkdtemp(path.join(tmpDir, 'import-'));
    const drafts: string[] = [];
    let zip: ZipArchive | null = null;
    const write = progressWriter(row, 'checking', signal);
    try {
      zip = await openZipArchive(await fetchArchive(row, workDir));
      const kind = archiveKind(zip);
      const staged = await stage(user, zip, kind, row.id, workDir, drafts, (done, fraction) =>
        write({ done, total: null, fraction }),
      );
      const expiresAt = new Date(clock.now().getTime() + IMPORT_LIMITS.previewMinutes * 60_000);
      const preview: ImportPreview = {
        id: row.id,
        source: kind.source,
        archiveEntries: staged.archiveEntries,
        newEntries: staged.newEntries,
        duplicates: staged.duplicates,
        media: staged.mediaCount,
        attachments: staged.attachments,
        firstDate: staged.firstDate,
        lastDate: staged.lastDate,
        skippedCount: staged.skipped.count,
        skipped: staged.skipped.listed,
        expiresAt: expiresAt.toISOString(),
      };
      const summary: StoredSummary = { ...preview, hasCrisis: staged.hasCrisis };
      const opened = await repository.change(row, ['checking'], {
        state: 'ready',
        source: kind.source,
        summary,
        expiresAt,
        archivePath: null,
        leaseUntil: null,
        progress: { done: staged.archiveEntries, total: staged.archiveEntries, fraction: 1 },
      });
      if (!opened) throw new ImportCancelled();
      await removeArchive(row);
    } catch (error) {
      if (error instanceof ImportPaused) throw error;
      for (const draftId of drafts) await media.discardDraft(user, draftId);
      await repository.removeItems(row.id);
      if (error instanceof AppError) {
        await removeArchive(row);
        await repository.change(row, ['checking'], {
          state: 'failed',
          failure: { code: error.code, message: error.message },
          archivePath: null,
          leaseUntil: null,
        });
        return;
      }
      throw error;
    } finally {
      zip?.close();
      await rm(workDir, { recursive: true, force: true });
    }
  }

  return { check };
}
