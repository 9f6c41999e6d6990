/*
 * Reading, checking and staging an archive as it streams (ADR 054, ADR 070, ADR 088): each candidate's text split
 * and sealed, its attachments staged as drafts, duplicates and skips counted, a batch at a time. Apart because it
 * is the whole of what a check reads, and the longest single operation of the import.
 */
import {
  arrangeImportAttachments,
  encryptText,
  entryModerationOutcome,
  IMPORT_MESSAGES,
  type ImportAttachment,
  type ImportCandidate,
  importedText,
  needsModeration,
  partMark,
  placeDayOneMoments,
  type SessionUser,
} from '@daybook/shared';
import { createBreather } from '../../lib/breather.ts';
import { AppError } from '../../lib/errors.ts';
import type { ArchiveMedia } from './archive-media.ts';
import { type ImportContext, type NewItem, skipList } from './context.ts';
import { type ArchiveKind, readArchive } from './sources.ts';
import type { ZipArchive } from './zip.ts';

/**
 * Candidates checked and staged together (ADR 054): one look-up of known keys and one insert per batch, and never
 * more than this much of an archive's text in memory at once, whatever its size.
 */
const STAGE_BATCH = { entries: 100, textChars: 2_000_000 } as const;

/** An attachment staged as a draft: its kind and Day One's identifier for it, for its place in the text. */
type StagedAttachment = { draftId: string; type: ImportAttachment['type']; identifier?: string | undefined };

export function createImportStaging(ctx: ImportContext, archiveMedia: ArchiveMedia) {
  const { entries, media, keys, moderator, clock, repository } = ctx;
  const { mediaDraft } = archiveMedia;

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

  return { stage };
}

export type ImportStaging = ReturnType<typeof createImportStaging>;
