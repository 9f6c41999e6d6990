/*
 * Writing a confirmed preview's entries, as a job (ADR 068, ADR 077, ADR 088): batch by batch, each entry's
 * media claimed, recorded as it goes so that an import taken up again goes on from where it was. Apart because it
 * is the one part that writes entries, through the entries module's service.
 */
import { randomUUID } from 'node:crypto';
import { IMPORT_LIMITS, type ImportReport, MODERATION_MESSAGES, type SessionUser } from '@daybook/shared';
import type { StoredAttachment } from '../../db/schema/entries.ts';
import { createBreather } from '../../lib/breather.ts';
import { AppError } from '../../lib/errors.ts';
import type { ImportedEntry } from '../entries/service.ts';
import type { MediaService } from '../media/service.ts';
import { ImportCancelled, type ImportContext, type StoredSummary, skipList } from './context.ts';
import type { ImportRow } from './repository.ts';

export function createImportWriting(ctx: ImportContext) {
  const { entries, media, repository, progressWriter } = ctx;

  /**
   * Writes a confirmed preview's entries in batches of IMPORT_LIMITS.batchSize, one transaction each, as a job.
   * Where it has got to and the report so far are written with its progress, so an import taken up again after an
   * instance died goes on from there, in the same batch; entries already written are known by their import keys
   * and never written twice.
   */
  async function write(row: ImportRow, user: SessionUser, signal: AbortSignal): Promise<void> {
    const summary = row.summary as StoredSummary;
    const report = (row.report ?? {}) as Partial<ImportReport>;
    const batchId = row.batchId!;
    const skipped = skipList(report.skipped ?? summary.skipped, report.skippedCount ?? summary.skippedCount);
    let imported = report.imported ?? 0;
    let duplicates = report.duplicates ?? summary.duplicates;
    let mediaCount = report.media ?? 0;
    let attachments = report.attachments ?? 0;
    let after = row.writtenThrough;
    const total = summary.newEntries + summary.attachments;
    const reportSoFar = (): ImportReport => ({
      batchId,
      imported,
      duplicates,
      media: mediaCount,
      attachments,
      skippedCount: skipped.count,
      skipped: skipped.listed,
      crisisResources: summary.hasCrisis ? MODERATION_MESSAGES.crisis : null,
    });
    const progress = progressWriter(row, 'importing', signal);
    const breathe = createBreather();
    for (;;) {
      const batch = await repository.items(row.id, after, IMPORT_LIMITS.batchSize);
      if (batch.length === 0) break;
      const releases = new Map<string, () => Promise<unknown>>();
      const rows: ImportedEntry[] = [];
      for (const item of batch) {
        let attached: Awaited<ReturnType<MediaService['claimDraft']>> | null = null;
        if (item.mediaDraftId) {
          try {
            attached = await media.claimDraft(user, item.mediaDraftId, item.entryDate);
            releases.set(item.importKey, attached.release);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            skipped.add({
              item: item.label,
              reason: `Its attachment could not be saved: ${error.message}`,
            });
          }
        }
        // The entry's further attachments (ADR 088), each moved to the entry's day like its first.
        const further: StoredAttachment[] = [];
        const furtherReleases: (() => Promise<unknown>)[] = [];
        for (const draftId of item.attachmentDraftIds ?? []) {
          try {
            const claimed = await media.claimAttachmentDraft(user, draftId, item.entryDate);
            furtherReleases.push(claimed.release);
            further.push({
              id: randomUUID(),
              path: claimed.mediaUrl,
              kind: claimed.kind,
              thumbWidth: claimed.thumbnail?.width ?? null,
              thumbHeight: claimed.thumbnail?.height ?? null,
            });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            skipped.add({ item: item.label, reason: `An attachment could not be saved: ${error.message}` });
          }
        }
        if (furtherReleases.length > 0) {
          const first = releases.get(item.importKey);
          releases.set(item.importKey, async () => {
            await first?.();
            for (const release of furtherReleases) await release();
          });
        }
        await breathe();
        if (item.attachToExisting) {
          if (!attached) continue;
          const joined = await entries
            .attachImportedMedia(user, item.importKey, attached)
            .catch(async (error: unknown) => {
              await attached.release();
              throw error;
            });
          // The entry got an attachment meanwhile, or was deleted: the file does not outlive the choice.
          if (!joined) await attached.release();
          else {
            mediaCount++;
            attachments++;
          }
          releases.delete(item.importKey);
          continue;
        }
        rows.push({
          importKey: item.importKey,
          encryptedContent: item.encryptedContent,
          encryptionIv: item.encryptionIv,
          moodTag: item.moodTag,
          timeZone: item.timeZone,
          entryDate: item.entryDate,
          createdAt: item.createdAt,
          updatedAt: item.updatedAt,
          contentType: attached?.contentType ?? 'text',
          mediaUrl: attached?.mediaUrl ?? null,
          mediaThumbnail: attached?.thumbnail ?? null,
          attachments: further,
          sourceType: item.sourceType,
        });
      }
      let inserted: Set<string>;
      try {
        inserted = await entries.insertImported(user, rows, batchId);
      } catch (error) {
        for (const release of releases.values()) await release();
        throw error;
      }
      for (const entry of rows) {
        if (inserted.has(entry.importKey)) {
          imported++;
          if (entry.mediaUrl) mediaCount++;
          mediaCount += entry.attachments.length;
        } else {
          duplicates++;
          await releases.get(entry.importKey)?.();
        }
      }
      after = batch.at(-1)!.position;
      const done = Math.min(after, total);
      // Every batch is recorded (where to go on from), the progress shown at most once a second.
      await progress(
        { done, total, fraction: total > 0 ? done / total : 1 },
        { writtenThrough: after, report: reportSoFar() },
        true,
      );
      await breathe();
    }
    await repository.removeItems(row.id);
    // A batch that wrote nothing (every entry there already, or only attachments) has nothing to undo.
    if (imported === 0) await repository.removeBatch(user.id, batchId);
    const finished = await repository.change(row, ['importing'], {
      state: 'done',
      report: { ...reportSoFar(), batchId: imported > 0 ? batchId : null },
      batchId: imported > 0 ? batchId : null,
      leaseUntil: null,
      progress: { done: total, total, fraction: 1 },
    });
    if (!finished) throw new ImportCancelled();
  }

  return { write };
}
