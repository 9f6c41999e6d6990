/*
 * The person's requests about a server-side import (ADR 037, ADR 068, ADR 077): uploading an archive, reading
 * where it stands, confirming the preview, cancelling, and the batches they may remove as a whole. Apart from the
 * jobs that do the work and from the private-mode import, which the browser does.
 */
import { randomUUID } from 'node:crypto';
import {
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportBatch,
  type ImportBatchRemoval,
  type ImportJob,
  PRIVATE_MODE_MESSAGES,
  type SessionUser,
} from '@daybook/shared';
import { importArchivePath } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { ImportContext, StoredSummary } from './context.ts';

export function createImportRequests(ctx: ImportContext) {
  const { entries, clock, storage, repository, discardPreview, toJob } = ctx;

  /**
   * An import writes version-1 entries, sealed by the server; a private-mode account writes only version 2, sealed
   * in the browser (ADR 094), so its import is the browser's (ADR 099, private-import.ts).
   */
  async function refusePrivate(user: SessionUser): Promise<void> {
    if (await ctx.isPrivate(user.id))
      throw new AppError(
        'ENCRYPTION_VERSION_REFUSED',
        PRIVATE_MODE_MESSAGES.unavailableInPrivateMode('Import'),
      );
  }

  return {
    /**
     * Takes an uploaded archive (a temporary file the caller removes) into storage and queues its check. One
     * import per person is checked or written at a time; a preview still waiting is replaced by the new upload.
     */
    async start(user: SessionUser, uploadedFile: string): Promise<ImportJob> {
      await refusePrivate(user);
      const waiting = await repository.latest(user.id);
      if (waiting?.state === 'ready') await discardPreview(user, waiting.id);
      const id = randomUUID();
      const archivePath = importArchivePath(user.id, id);
      const now = clock.now();
      // Held for a lease until the archive is in storage, so that no job takes it up before; a server that dies
      // in between leaves a row that a job fails ("interrupted") once the lease has run out.
      const row = await repository.insertImport({
        id,
        userId: user.id,
        state: 'checking',
        archivePath,
        progress: { done: 0, total: null, fraction: 0 },
        summary: {},
        expiresAt: now,
        leaseUntil: new Date(now.getTime() + IMPORT_LIMITS.leaseSeconds * 1000),
      });
      if (!row) throw new AppError('CONFLICT', IMPORT_MESSAGES.alreadyRunning);
      try {
        await storage.putFile(archivePath, uploadedFile, 'application/zip');
      } catch (error) {
        await repository.remove(user.id, id);
        await storage.remove(archivePath).catch(() => undefined);
        throw error;
      }
      await repository.change(row, ['checking'], { leaseUntil: null });
      return toJob({ ...row, leaseUntil: null });
    },

    /** The user's latest import (being checked, waiting, being written, or its outcome until dismissed). */
    async current(user: SessionUser): Promise<ImportJob | null> {
      const row = await repository.latest(user.id);
      return row ? toJob(row) : null;
    },

    async get(user: SessionUser, id: string): Promise<ImportJob> {
      const row = await repository.findOwned(user.id, id);
      if (!row) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
      return toJob(row);
    },

    /**
     * Queues the writing of a checked preview (once, within its hour): only the owner can confirm, and a second
     * confirm finds it already taken.
     */
    async confirm(user: SessionUser, id: string): Promise<ImportJob> {
      await refusePrivate(user);
      const row = await repository.findOwned(user.id, id);
      if (row?.state !== 'ready' || row.expiresAt <= clock.now())
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.expired);
      const summary = row.summary as StoredSummary;
      const batchId = await repository.createBatch(user.id, row.source ?? 'daybook');
      const total = summary.newEntries + summary.attachments;
      const progress = { done: 0, total, fraction: 0 };
      const queued = await repository.change(row, ['ready'], {
        state: 'importing',
        batchId,
        progress,
        expiresAt: clock.now(),
      });
      if (!queued) {
        await repository.removeBatch(user.id, batchId);
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.expired);
      }
      return toJob({ ...row, state: 'importing', batchId, progress });
    },

    /**
     * Cancels a check or an import being written (a job cleans up after it: nothing of it stays), drops a preview
     * and its media, or dismisses an outcome.
     */
    async cancel(user: SessionUser, id: string): Promise<void> {
      const row = await repository.findOwned(user.id, id);
      if (!row) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
      if (await repository.change(row, ['checking', 'importing'], { state: 'cancelled' })) return;
      if (row.state === 'cancelled') return;
      await discardPreview(user, id);
    },

    /** The imports confirmed, newest first, with what of them is still in the journal (ADR 068). */
    async batches(user: SessionUser): Promise<ImportBatch[]> {
      const rows = await repository.batches(user.id);
      return rows.map(({ createdAt, ...row }) => ({ ...row, importedAt: createdAt.toISOString() }));
    },

    /** Removes an import as a whole: its entries (deleted ones too) and their media, then the batch itself. */
    async removeBatch(user: SessionUser, id: string): Promise<ImportBatchRemoval> {
      if (!(await repository.hasBatch(user.id, id)))
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.batchNotFound);
      const removed = await entries.removeImportBatch(user, id);
      await repository.removeBatch(user.id, id);
      return { removed };
    },
  };
}
