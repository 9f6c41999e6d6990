import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  arrangeImportAttachments,
  DAYBOOK_KEY_PREFIX,
  encryptText,
  entryModerationOutcome,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportAttachment,
  type ImportBatch,
  type ImportBatchRemoval,
  type ImportCandidate,
  type ImportJob,
  type ImportPreview,
  type ImportProgress,
  type ImportReport,
  type ImportSkip,
  type ImportSource,
  importAttachmentSizeProblem,
  importedText,
  MEDIA_MESSAGES,
  MODERATION_MESSAGES,
  needsModeration,
  PRIVATE_IMPORT_MESSAGES,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type PrivateImportAttachmentQuery,
  type PrivateImportCheck,
  type PrivateImportEntry,
  type PrivateImportKnown,
  type PrivateImportUpload,
  type PrivateImportWritten,
  partMark,
  placeDayOneMoments,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { StoredAttachment } from '../../db/schema/journal.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import { importArchivePath, type Storage } from '../../infra/storage/storage.ts';
import { createBreather } from '../../lib/breather.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { EntriesService, ImportedEntry } from '../entries/service.ts';
import type { MediaService, SealedUpload } from '../media/service.ts';
import {
  createImportRepository,
  type ImportItemRow,
  type ImportRow,
  type VisibleEntries,
} from './repository.ts';
import { type ArchiveKind, archiveKind, readArchive } from './sources.ts';
import { openZipArchive, type ZipArchive } from './zip.ts';

const HOUR_MS = 3600_000;

/** How often a running job writes its progress (and renews its lease): often enough for a bar that moves. */
const PROGRESS_EVERY_MS = 1_000;

/** How far ahead of this instance's clock a private import's entry may be dated (clocks differ a little). */
const PRIVATE_IMPORT_CLOCK_GRACE_MS = 5 * 60_000;

/** A report nobody dismissed stays readable this long. */
const FINISHED_KEPT_MS = 24 * HOUR_MS;

/**
 * The imports' own temporary folder: uploads on their way to storage and each job's copy of its archive. The
 * sweep empties it of what is an hour old, which only a process that died mid-way can leave (ADR 077).
 */
export const importTmpDir = (dataDir: string) => path.join(dataDir, 'tmp', 'imports');

/** Thrown inside a job when the person cancelled the import it is working on. */
class ImportCancelled extends Error {}
/** Thrown inside a job when this instance is stopping: the import is handed on, not failed. */
class ImportPaused extends Error {}

/**
 * Candidates checked and staged together (ADR 054): one look-up of known keys and one insert per batch, and never
 * more than this much of an archive's text in memory at once, whatever its size.
 */
const STAGE_BATCH = { entries: 100, textChars: 2_000_000 } as const;

/**
 * A file over a limit of the plan (size, length, pixels, type) is left out and reported; one that is not what it
 * claims, does not decode or is blocked by moderation refuses the whole archive (ADR 037).
 */
const LIMIT_MESSAGES: ReadonlySet<string> = new Set([
  MEDIA_MESSAGES.audioTooLong,
  MEDIA_MESSAGES.videoTooLong,
  MEDIA_MESSAGES.imageTooManyPixels,
]);
const isLimitError = (error: AppError) =>
  error.code === 'MEDIA_TOO_LARGE' || error.code === 'MEDIA_NOT_ALLOWED' || LIMIT_MESSAGES.has(error.message);

/** An attachment staged as a draft: its kind and Day One's identifier for it, for its place in the text. */
type StagedAttachment = { draftId: string; type: ImportAttachment['type']; identifier?: string | undefined };

/** What the preview row keeps for the report: the answer given at upload, and whether an entry read as a crisis. */
type StoredSummary = ImportPreview & { hasCrisis?: boolean };

type NewItem = Omit<ImportItemRow, 'previewId'>;

/** Keeps every skip counted and the first ones listed. */
function skipList(initial: ImportSkip[] = [], initialCount = initial.length) {
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

export function createImportService(deps: {
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
}) {
  const { db, entries, media, keys, moderator, clock, tmpDir, storage } = deps;
  const repository = createImportRepository(db, deps.visibleEntries, () => clock.now());

  async function discardPreview(user: SessionUser, id: string): Promise<boolean> {
    for (const draftId of await repository.draftIds(user.id, id)) await media.discardDraft(user, draftId);
    return repository.remove(user.id, id);
  }

  /**
   * Whether any part of this text reads as a present crisis (the crisis message on the create path). Imported entries
   * are the person's own past writing and are never refused for their words (ADR 063); the report then ends with
   * the crisis resources.
   */
  async function readsAsCrisis(parts: string[]): Promise<boolean> {
    for (const part of parts) {
      if (!needsModeration(part)) continue;
      const outcome = entryModerationOutcome(await moderator.moderate(part));
      if (outcome.action === 'block' && outcome.isCrisis) return true;
    }
    return false;
  }

  /**
   * One attachment of a candidate checked by the media module's own rules (plan, size, type sniffed from the bytes,
   * decoding, duration, image moderation) and stored as a draft, exactly as an upload from the editor would be. A PDF
   * (ADR 088) is checked to be one and kept as it is, not moderated: it is no picture.
   */
  async function mediaDraft(
    user: SessionUser,
    zip: ZipArchive,
    candidate: ImportCandidate,
    attachment: ImportAttachment,
    workDir: string,
  ): Promise<{ draftId: string } | { skip: ImportSkip }> {
    const { path: file, type } = attachment;
    const skip = (reason: string) => ({ skip: { item: file, reason: `${candidate.label}: ${reason}` } });
    try {
      await media.assertPlanAllows(user, type === 'pdf' ? 'image' : type);
    } catch (error) {
      // A PDF goes where the plan allows photos (ADR 088), but the reason names what was left out.
      if (error instanceof AppError)
        return skip(type === 'pdf' ? MEDIA_MESSAGES.notAllowedByPlan('PDF') : error.message);
      throw error;
    }
    // The shared size rule (the browser's private import checks the same, ADR 099).
    const tooLarge = importAttachmentSizeProblem(type, zip.sizeOf(file));
    if (tooLarge) return skip(tooLarge);
    const target = path.join(workDir, randomUUID());
    try {
      await zip.extract(file, target);
      const { size } = await stat(target);
      const draft =
        type === 'pdf'
          ? await media.createPdfDraft(user, target, size)
          : await media.createDraft(user, type, target, size);
      return { draftId: draft.id };
    } catch (error) {
      if (error instanceof AppError && isLimitError(error)) return skip(error.message);
      if (error instanceof AppError)
        throw new AppError(
          error.code,
          IMPORT_MESSAGES.badMedia(file, error.message),
          undefined,
          error.details,
        );
      throw error;
    } finally {
      await rm(target, { force: true });
    }
  }

  /**
   * Reads, checks and stages an archive as it streams (ADR 054): candidates are checked, encrypted and written to
   * `previewId`'s items a batch at a time, so memory holds one batch, not the archive. Throws at the first fault;
   * the caller then removes the preview (its items go with it) and the drafts made so far.
   */
  async function stage(
    user: SessionUser,
    zip: ZipArchive,
    kind: ArchiveKind,
    previewId: string,
    workDir: string,
    drafts: string[],
    onProgress: (entriesRead: number, fraction: number) => Promise<void>,
  ) {
    const key = await keys.keyFor(user.id);
    let fractionRead = 0;
    const now = clock.now();
    const breathe = createBreather();
    const skipped = skipList();
    let batch: ImportCandidate[] = [];
    let batchChars = 0;
    let candidates = 0;
    let position = 0;
    let newEntries = 0;
    let duplicates = 0;
    let mediaCount = 0;
    let attachments = 0;
    let firstDate: string | null = null;
    let lastDate: string | null = null;
    let hasCrisis = false;

    /**
     * An entry the user already has, whose attachment an earlier import left out (a plan that could not hold it,
     * then): the attachment is staged on its own, to join its entry (ADR 062). The entry is counted as
     * already imported either way.
     */
    async function stageAttachment(candidate: ImportCandidate, items: NewItem[]) {
      const result = await mediaDraft(user, zip, candidate, candidate.media!, workDir);
      if ('skip' in result) return skipped.add(result.skip);
      drafts.push(result.draftId);
      mediaCount++;
      attachments++;
      items.push({
        position: ++position,
        importKey: candidate.key,
        encryptedContent: '',
        encryptionIv: '',
        moodTag: candidate.moodTag,
        timeZone: candidate.timeZone,
        entryDate: candidate.entryDate,
        createdAt: candidate.createdAt,
        updatedAt: candidate.updatedAt,
        mediaDraftId: result.draftId,
        attachmentDraftIds: [],
        attachToExisting: true,
        sourceType: candidate.sourceType,
        label: candidate.label,
      });
    }

    async function stageOne(
      candidate: ImportCandidate,
      existing: ReadonlySet<string>,
      withoutMedia: ReadonlySet<string>,
      items: NewItem[],
    ) {
      const skipEntry = (reason: string) => skipped.add({ item: candidate.label, reason });
      if (existing.has(candidate.key)) {
        duplicates++;
        if (candidate.media && withoutMedia.has(candidate.key)) await stageAttachment(candidate, items);
        return;
      }
      if (candidate.createdAt.getTime() > now.getTime()) return skipEntry('It is dated in the future.');
      if (!importedText(candidate.text, candidate.tags).parts)
        return skipEntry('It is too long to import (more than 20 entries of 5,000 characters).');
      // Every attachment in the entry's order (ADR 088): the first photo, voice note or video that comes in is the
      // entry's own (`mediaUrl`), the rest follow it as further attachments.
      const staged: StagedAttachment[] = [];
      for (const attachment of [...(candidate.media ? [candidate.media] : []), ...candidate.attachments]) {
        const result = await mediaDraft(user, zip, candidate, attachment, workDir);
        if ('skip' in result) skipped.add(result.skip);
        else {
          staged.push({ draftId: result.draftId, type: attachment.type, identifier: attachment.identifier });
          drafts.push(result.draftId);
          mediaCount++;
        }
      }
      // Each Day One reference to an attachment becomes its mark, numbered as the card's gallery numbers it; one to
      // an attachment that did not come in (listed in the preview) goes. The shared rule, as the browser's.
      const { main, further, ordered, marks } = arrangeImportAttachments(staged);
      const draftId = main?.draftId ?? null;
      skipped.add(...candidate.skipped);
      const placed = candidate.hasMoments
        ? placeDayOneMoments(candidate.text, (identifier) => marks.get(identifier) ?? null)
        : candidate.text;
      const text = importedText(placed, candidate.tags);
      if (!text.parts) {
        // The marks made it longer than the longest entry an import splits: its drafts go with it.
        for (const attachment of ordered) await media.discardDraft(user, attachment.draftId);
        return skipEntry('It is too long to import (more than 20 entries of 5,000 characters).');
      }
      // One crisis is enough for the report; the rest of the archive need not be read for it.
      if (!hasCrisis) hasCrisis = await readsAsCrisis(text.parts);
      if (ordered.length === 0 && !text.parts.some((part) => part.trim()))
        return skipEntry('It has no text and no attachment that can be imported.');
      for (const [index, part] of text.parts.entries()) {
        const sealed = await encryptText(key, part);
        // The pieces of a split entry are a millisecond apart, the first at the entry's own time and each next one
        // just before it, so lists (newest first) show them in reading order (ADR 070).
        const createdAt = new Date(candidate.createdAt.getTime() - index);
        items.push({
          position: ++position,
          importKey: index === 0 ? candidate.key : `${candidate.key}#${index + 1}`,
          encryptedContent: sealed.ciphertext,
          encryptionIv: sealed.iv,
          moodTag: candidate.moodTag,
          timeZone: candidate.timeZone,
          entryDate: candidate.entryDate,
          createdAt,
          updatedAt: index === 0 ? candidate.updatedAt : createdAt,
          mediaDraftId: index === 0 ? draftId : null,
          attachmentDraftIds: index === 0 ? further.map((attachment) => attachment.draftId) : [],
          attachToExisting: false,
          sourceType: candidate.sourceType,
          label:
            text.parts.length > 1
              ? `${candidate.label} ${partMark(index + 1, text.parts.length)}`
              : candidate.label,
        });
      }
      newEntries += text.parts.length;
      if (!firstDate || candidate.entryDate < firstDate) firstDate = candidate.entryDate;
      if (!lastDate || candidate.entryDate > lastDate) lastDate = candidate.entryDate;
    }

    async function flush() {
      if (batch.length === 0) return;
      const taken = batch;
      batch = [];
      batchChars = 0;
      const takenKeys = taken.map((c) => c.key);
      const existing = await entries.importedKeys(user.id, takenKeys);
      const withoutMedia = await entries.importedKeysWithoutMedia(
        user.id,
        taken.filter((c) => c.media && existing.has(c.key)).map((c) => c.key),
      );
      const items: NewItem[] = [];
      for (const candidate of taken) {
        await stageOne(candidate, existing, withoutMedia, items);
        await onProgress(candidates, fractionRead);
        await breathe();
      }
      await repository.insertItems(items.map((item) => ({ ...item, previewId })));
    }

    const archiveEntries = await readArchive(zip, kind, user.timezone, {
      async candidate(candidate) {
        candidates++;
        batch.push(candidate);
        batchChars += candidate.text.length;
        if (batch.length >= STAGE_BATCH.entries || batchChars >= STAGE_BATCH.textChars) await flush();
        else await breathe();
      },
      skip: (item) => skipped.add(item),
      read: (fraction) => {
        fractionRead = fraction;
      },
    });
    await flush();
    if (candidates === 0) throw new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.noEntries);
    return {
      archiveEntries,
      newEntries,
      duplicates,
      mediaCount,
      attachments,
      skipped,
      firstDate,
      lastDate,
      hasCrisis,
    };
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

  /** Runs one claimed import until it is done, fails, is cancelled, or this instance stops. */
  async function run(row: ImportRow, signal: AbortSignal): Promise<void> {
    const user = await deps.owner(row.userId);
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

  /**
   * An import writes version-1 entries, sealed by the server; a private-mode account writes only version 2, sealed
   * in the browser (ADR 094), so import waits for the browser-side import still to come.
   */
  /** The browser-side import is for private-mode accounts only: a standard account's import runs here (ADR 099). */
  async function requirePrivate(user: SessionUser): Promise<void> {
    if (!(await deps.isPrivate(user.id)))
      throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_IMPORT_MESSAGES.onlyPrivate);
  }

  async function refusePrivate(user: SessionUser): Promise<void> {
    if (await deps.isPrivate(user.id))
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
        const user = await deps.owner(row.userId);
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

    /** The imports confirmed, newest first, with what of them is still in the journal (ADR 068). */
    async batches(user: SessionUser): Promise<ImportBatch[]> {
      const rows = await repository.batches(user.id);
      return rows.map(({ createdAt, ...row }) => ({ ...row, importedAt: createdAt.toISOString() }));
    },

    /**
     * Which of a private account's keyed names (and entry ids, for `daybook:<id>` identities) it has already,
     * deleted entries included (ADR 068's rule, on what the server can see; ADR 099). For the browser's preview.
     */
    async privateKnown(user: SessionUser, check: PrivateImportCheck): Promise<PrivateImportKnown> {
      await requirePrivate(user);
      const ownKeys = check.entryIds.map((id) => `${DAYBOOK_KEY_PREFIX}${id}`);
      const found = await entries.importedKeys(user.id, [...check.names, ...ownKeys]);
      return {
        names: check.names.filter((name) => found.has(name)),
        entryIds: check.entryIds.filter((id) => found.has(`${DAYBOOK_KEY_PREFIX}${id}`)),
      };
    },

    /** Opens the batch a private account's browser-side import writes into (its undo, ADR 068). */
    async privateBatch(user: SessionUser, source: ImportSource): Promise<{ id: string }> {
      await requirePrivate(user);
      return { id: await repository.createBatch(user.id, source) };
    },

    /** A private account's own import batch, or a refusal (409 for a standard account, 404 for another's batch). */
    async assertPrivateBatch(user: SessionUser, batchId: string): Promise<void> {
      await requirePrivate(user);
      if (!(await repository.hasBatch(user.id, batchId)))
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.batchNotFound);
    },

    /**
     * One attachment of a private import's entry, sealed in the browser (ADR 099, amended): stored byte for byte as
     * a draft by the media module's sealed-upload checks (key kind 1 header, the kind's size, declared type and
     * thumbnail), a PDF by its own; the server opens nothing. The entry upload claims it into the batch's entry.
     */
    async privateAttachment(
      user: SessionUser,
      batchId: string,
      declared: PrivateImportAttachmentQuery,
      upload: SealedUpload,
    ): Promise<{ draftId: string }> {
      await this.assertPrivateBatch(user, batchId);
      const { mediaType, ...rest } = declared;
      const draft =
        mediaType === 'pdf'
          ? await media.createSealedPdfDraft(user, rest, upload)
          : await media.createSealedDraft(user, { mediaType, ...rest }, upload);
      return { draftId: draft.id };
    },

    /**
     * Writes sealed version-2 entries into the account's own batch (ADR 099): their own dates, outside the daily
     * limit as any import, and none whose keyed name or entry id the account has already (so a resumed or repeated
     * import adds nothing). The server reads no text: it checks shapes, the owner, the batch and the dates.
     */
    async privateUpload(
      user: SessionUser,
      batchId: string,
      upload: PrivateImportUpload,
    ): Promise<PrivateImportWritten> {
      await requirePrivate(user);
      if (!(await repository.hasBatch(user.id, batchId)))
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.batchNotFound);
      // A few minutes' grace: the entry just written and exported again carries the database's time, which may run
      // ahead of this instance's clock.
      const now = clock.now().getTime() + PRIVATE_IMPORT_CLOCK_GRACE_MS;
      const names = upload.entries.map((entry) => entry.name);
      if (new Set(names).size !== names.length)
        throw new AppError('VALIDATION_FAILED', PRIVATE_IMPORT_MESSAGES.sameNameTwice);
      for (const entry of upload.entries) {
        if (new Date(entry.createdAt).getTime() > now || new Date(entry.updatedAt).getTime() > now)
          throw new AppError('VALIDATION_FAILED', PRIVATE_IMPORT_MESSAGES.futureDate);
      }
      const ownKey = (entry: PrivateImportEntry) =>
        entry.entryId ? `${DAYBOOK_KEY_PREFIX}${entry.entryId}` : null;
      const found = await entries.importedKeys(user.id, [
        ...names,
        ...upload.entries.flatMap((entry) => ownKey(entry) ?? []),
      ]);
      const isKnown = (entry: PrivateImportEntry) =>
        found.has(entry.name) || (ownKey(entry) !== null && found.has(ownKey(entry)!));
      const fresh = upload.entries.filter((entry) => !isKnown(entry));
      // Each fresh entry's sealed files, claimed from the owner's drafts onto the entry's day (claim refuses a draft
      // that is not the caller's or not sealed under the account key); one that cannot be kept is named back.
      const leftOut: { name: string; reason: string }[] = [];
      const releases = new Map<string, (() => Promise<unknown>)[]>();
      const files = new Map<
        string,
        { main: Awaited<ReturnType<MediaService['claimDraft']>> | null; further: StoredAttachment[] }
      >();
      try {
        for (const entry of fresh) {
          const own: (() => Promise<unknown>)[] = [];
          releases.set(entry.name, own);
          let main: Awaited<ReturnType<MediaService['claimDraft']>> | null = null;
          if (entry.mediaDraftId) {
            try {
              main = await media.claimDraft(user, entry.mediaDraftId, entry.entryDate, true);
              own.push(main.release);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              leftOut.push({
                name: entry.name,
                reason: `Its attachment could not be saved: ${error.message}`,
              });
            }
          }
          const further: StoredAttachment[] = [];
          for (const draftId of entry.attachmentDraftIds) {
            try {
              const claimed = await media.claimAttachmentDraft(user, draftId, entry.entryDate, true);
              own.push(claimed.release);
              further.push({
                id: randomUUID(),
                path: claimed.mediaUrl,
                kind: claimed.kind,
                thumbWidth: claimed.thumbnail?.width ?? null,
                thumbHeight: claimed.thumbnail?.height ?? null,
              });
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              leftOut.push({
                name: entry.name,
                reason: `An attachment could not be saved: ${error.message}`,
              });
            }
          }
          files.set(entry.name, { main, further });
        }
      } catch (error) {
        for (const own of releases.values()) for (const release of own) await release();
        throw error;
      }
      let inserted: Set<string>;
      try {
        inserted = await entries.insertImported(
          user,
          fresh.map((entry) => ({
            importKey: entry.name,
            encryptedContent: entry.encryptedContent,
            encryptionIv: entry.encryptionIv,
            encryptionVersion: PRIVATE_MODE.encryptionVersion,
            encryptedMood: entry.encryptedMood,
            moodTag: null,
            timeZone: entry.timeZone,
            entryDate: entry.entryDate,
            createdAt: new Date(entry.createdAt),
            updatedAt: new Date(entry.updatedAt),
            contentType: files.get(entry.name)?.main?.contentType ?? 'text',
            mediaUrl: files.get(entry.name)?.main?.mediaUrl ?? null,
            mediaThumbnail: files.get(entry.name)?.main?.thumbnail ?? null,
            attachments: files.get(entry.name)?.further ?? [],
            sourceType: entry.sourceType,
          })),
          batchId,
        );
      } catch (error) {
        for (const own of releases.values()) for (const release of own) await release();
        throw error;
      }
      // An entry another tab wrote meanwhile (ON CONFLICT DO NOTHING): its files do not outlive the choice.
      for (const [name, own] of releases) if (!inserted.has(name)) for (const release of own) await release();
      return {
        imported: names.filter((name) => inserted.has(name)),
        duplicates: names.filter((name) => !inserted.has(name)),
        leftOut: leftOut.filter((item) => inserted.has(item.name)),
      };
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

export type ImportService = ReturnType<typeof createImportService>;
