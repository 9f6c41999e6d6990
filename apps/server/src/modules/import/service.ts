import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  encryptText,
  entryModerationOutcome,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportBatch,
  type ImportBatchRemoval,
  type ImportCandidate,
  type ImportPreview,
  type ImportReport,
  type ImportSkip,
  importedText,
  MEDIA_MESSAGES,
  MODERATION_MESSAGES,
  needsModeration,
  partMark,
  type SessionUser,
} from '@daybook/shared';
import type { Db } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import { createBreather } from '../../lib/breather.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { EntriesService, ImportedEntry } from '../entries/service.ts';
import { type MediaService, maxBytesFor, tooLargeMessage } from '../media/service.ts';
import { createImportRepository, type ImportItemRow, type VisibleEntries } from './repository.ts';
import { type ArchiveKind, archiveKind, readArchive } from './sources.ts';
import { openZipArchive, type ZipArchive } from './zip.ts';

const HOUR_MS = 3600_000;

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
}) {
  const { db, entries, media, keys, moderator, clock, tmpDir } = deps;
  const repository = createImportRepository(db, deps.visibleEntries);

  async function discardPreview(user: SessionUser, id: string): Promise<boolean> {
    for (const draftId of await repository.draftIds(user.id, id)) await media.discardDraft(user, draftId);
    return repository.remove(user.id, id);
  }

  /** Previews abandoned (or taken by an import that finished or died) more than an hour ago go with their drafts. */
  async function sweep(user: SessionUser): Promise<void> {
    const before = new Date(clock.now().getTime() - HOUR_MS);
    for (const id of await repository.endedBefore(user.id, before)) await discardPreview(user, id);
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
   * The candidate's attachment checked by the media module's own rules (plan, size, type sniffed from the bytes,
   * decoding, duration, image moderation) and stored as a draft, exactly as an upload from the editor would be.
   */
  async function mediaDraft(
    user: SessionUser,
    zip: ZipArchive,
    candidate: ImportCandidate,
    workDir: string,
  ): Promise<{ draftId: string } | { skip: ImportSkip }> {
    const { path: file, type } = candidate.media!;
    const skip = (reason: string) => ({ skip: { item: file, reason: `${candidate.label}: ${reason}` } });
    try {
      await media.assertPlanAllows(user, type);
    } catch (error) {
      if (error instanceof AppError) return skip(error.message);
      throw error;
    }
    if (zip.sizeOf(file) > maxBytesFor(type)) return skip(tooLargeMessage(type));
    const target = path.join(workDir, randomUUID());
    try {
      await zip.extract(file, target);
      const { size } = await stat(target);
      const draft = await media.createDraft(user, type, target, size);
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
  ) {
    const key = await keys.keyFor(user.id);
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
     * then): the attachment is staged on its own, to join its entry (issue 25 row 11). The entry is counted as
     * already imported either way.
     */
    async function stageAttachment(candidate: ImportCandidate, items: NewItem[]) {
      const result = await mediaDraft(user, zip, candidate, workDir);
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
      const text = importedText(candidate.text, candidate.tags);
      if (!text.parts)
        return skipEntry('It is too long to import (more than 20 entries of 5,000 characters).');
      // One crisis is enough for the report; the rest of the archive need not be read for it.
      if (!hasCrisis) hasCrisis = await readsAsCrisis(text.parts);
      let draftId: string | null = null;
      if (candidate.media) {
        const result = await mediaDraft(user, zip, candidate, workDir);
        if ('skip' in result) skipped.add(result.skip);
        else {
          draftId = result.draftId;
          drafts.push(draftId);
          mediaCount++;
        }
      }
      skipped.add(...candidate.skipped);
      if (!draftId && !text.parts.some((part) => part.trim()))
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

  return {
    /**
     * Reads an uploaded archive (a temporary file the caller removes) and, when every check passes, keeps what it
     * would import: texts encrypted with the user's key, media as validated drafts. Nothing is written when any
     * check fails: drafts made so far are removed before the error goes out.
     */
    async preview(user: SessionUser, archiveFile: string): Promise<ImportPreview> {
      await sweep(user);
      const zip = await openZipArchive(archiveFile);
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const workDir = await mkdtemp(path.join(tmpDir, 'import-'));
      const drafts: string[] = [];
      const id = randomUUID();
      let created = false;
      try {
        const kind = archiveKind(zip);
        // Staged under a preview that has already ended: nobody can confirm it until every check has passed, and
        // one whose check died half way is swept, with its drafts, at the user's next upload an hour later.
        await repository.insertPreview({
          id,
          userId: user.id,
          source: kind.source,
          summary: {},
          expiresAt: clock.now(),
        });
        created = true;
        const staged = await stage(user, zip, kind, id, workDir, drafts);
        const expiresAt = new Date(clock.now().getTime() + IMPORT_LIMITS.previewMinutes * 60_000);
        const preview: ImportPreview = {
          id,
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
        await repository.open(user.id, id, summary, expiresAt);
        return preview;
      } catch (error) {
        if (created) await repository.remove(user.id, id);
        for (const draftId of drafts) await media.discardDraft(user, draftId);
        throw error;
      } finally {
        zip.close();
        await rm(workDir, { recursive: true, force: true });
      }
    },

    /**
     * Writes a preview's entries in batches of IMPORT_LIMITS.batchSize, one transaction each, and reports. Only the
     * owner can confirm, once; entries the user already has (by import key) are skipped, even when another import
     * of the same archive wrote them meanwhile.
     */
    async confirm(user: SessionUser, id: string): Promise<ImportReport> {
      const now = clock.now();
      const preview = await repository.findOwned(user.id, id, now);
      if (!preview || !(await repository.claim(user.id, id, now)))
        throw new AppError('NOT_FOUND', IMPORT_MESSAGES.expired);
      const summary = preview.summary as StoredSummary;
      const batchId = await repository.createBatch(user.id, preview.source);
      const skipped = skipList(summary.skipped, summary.skippedCount);
      let imported = 0;
      let duplicates = summary.duplicates;
      let mediaCount = 0;
      let attachments = 0;
      let after = 0;
      const breathe = createBreather();
      for (;;) {
        const batch = await repository.items(id, after, IMPORT_LIMITS.batchSize);
        if (batch.length === 0) break;
        after = batch.at(-1)!.position;
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
        for (const row of rows) {
          if (inserted.has(row.importKey)) {
            imported++;
            if (row.mediaUrl) mediaCount++;
          } else {
            duplicates++;
            await releases.get(row.importKey)?.();
          }
        }
        await breathe();
      }
      await repository.remove(user.id, id);
      // A batch that wrote nothing (every entry there already, or only attachments) has nothing to undo.
      if (imported === 0) await repository.removeBatch(user.id, batchId);
      return {
        batchId: imported > 0 ? batchId : null,
        imported,
        duplicates,
        media: mediaCount,
        attachments,
        skippedCount: skipped.count,
        skipped: skipped.listed,
        crisisResources: summary.hasCrisis ? MODERATION_MESSAGES.crisis : null,
      };
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

    /** Drops an unconfirmed preview and the media it validated. */
    async discard(user: SessionUser, id: string): Promise<void> {
      if (!(await discardPreview(user, id))) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.expired);
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
