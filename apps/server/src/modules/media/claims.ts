/*
 * A draft becoming an entry's file (docs/product/entries.md#entries-list): taken from the drafts and moved to its
 * entry's folder, its thumbnail with it, under the key its entry's version asks for (ADR 096); an imported entry's
 * further attachment may be a PDF (ADR 088). Apart because it is the one step between a draft and an entry.
 */
import { MEDIA_MESSAGES, type MediaType, PRIVATE_MEDIA_MESSAGES, type SessionUser } from '@daybook/shared';
import { thumbnailPathOf } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaContext } from './context.ts';
import type { ThumbnailSize } from './inspection.ts';

export function createMediaClaims(ctx: MediaContext) {
  const { storage, repository, assertPlanAllows, removeWithThumbnail } = ctx;

  /** The body of claimDraft; `allowPdf` for an import's further attachment only (ADR 088). */
  async function claim(
    user: SessionUser,
    draftId: string,
    entryDate: string,
    allowPdf: boolean,
    isPrivateEntry?: boolean,
  ) {
    const found = await repository.findOwnedDraft(user.id, draftId);
    // A PDF goes only with an imported entry, as a further attachment (ADR 088).
    if (!found || (found.mediaType === 'pdf' && !allowPdf))
      throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
    // A version-2 entry takes only a file sealed under the account key, a version-1 entry only one the server
    // sealed (ADR 096): a draft uploaded before a switch or a fresh start cannot slip across.
    if (isPrivateEntry !== undefined) {
      const isUserSealed = (await storage.keyKindOf(found.filePath)) === 'user';
      if (isPrivateEntry && !isUserSealed)
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.needsPrivateKey);
      if (!isPrivateEntry && isUserSealed)
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_MEDIA_MESSAGES.withoutPrivateMode);
    }
    await assertPlanAllows(user, found.mediaType === 'pdf' ? 'image' : found.mediaType);
    const draft = await repository.claimOwnedDraft(user.id, draftId);
    if (!draft) throw new AppError('NOT_FOUND', MEDIA_MESSAGES.draftNotFound);
    const fileName = draft.filePath.split('/').pop()!;
    const target = `${user.id}/${entryDate}/${fileName}`;
    try {
      await storage.move(draft.filePath, target);
    } catch {
      await removeWithThumbnail(draft.filePath);
      throw new AppError('MEDIA_SAVE_FAILED', MEDIA_MESSAGES.saveFailed);
    }
    // The thumbnail follows its original; one that fails to move is made again on its first request.
    let thumbnail: ThumbnailSize | null = null;
    if (draft.thumbWidth !== null && draft.thumbHeight !== null) {
      try {
        await storage.move(thumbnailPathOf(draft.filePath), thumbnailPathOf(target));
        thumbnail = { width: draft.thumbWidth, height: draft.thumbHeight };
      } catch {
        await storage.remove(thumbnailPathOf(draft.filePath)).catch(() => undefined);
      }
    }
    return {
      mediaUrl: target,
      kind: draft.mediaType,
      thumbnail,
      /** Called when the entry row could not be written: the file does not outlive it. */
      release: () => removeWithThumbnail(target),
    };
  }

  return {
    /**
     * Moves a draft to its permanent place `{userId}/{entryDate}/{file}` for an entry being saved. The draft row
     * is taken (deleted) first, so two saves with one draft cannot both attach its file. If the move fails, the
     * file is removed and the user is told to try again (docs/product/entries.md#entries-list). If the process dies before the entry row is
     * written, the moved file belongs to nothing and the orphan sweep removes it.
     */
    async claimDraft(user: SessionUser, draftId: string, entryDate: string, isPrivateEntry?: boolean) {
      const { kind, ...claimed } = await claim(user, draftId, entryDate, false, isPrivateEntry);
      // Never a PDF: those are claimed only by claimAttachmentDraft.
      return { ...claimed, contentType: kind as MediaType };
    },

    /** claimDraft for an imported entry's further attachment (ADR 088), which may be a PDF: `kind` says which. */
    claimAttachmentDraft: (user: SessionUser, draftId: string, entryDate: string, isPrivateEntry?: boolean) =>
      claim(user, draftId, entryDate, true, isPrivateEntry),
  };
}
