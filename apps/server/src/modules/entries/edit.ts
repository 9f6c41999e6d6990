/*
 * Editing an entry within its edit window and deleting one (ADR 016, ADR 068): the owner's changes to what is
 * already written. Apart from creation, which has its own limit, media claim and repeat handling.
 */
import {
  type CreatedEntry,
  type DeletionLimit,
  EDIT_WINDOW_MS,
  ENTRY_LIMITS,
  ENTRY_MESSAGES,
  isEditable,
  localDate,
  type SessionUser,
} from '@daybook/shared';
import { queueLiveEvent } from '../../db/live-events.ts';
import { AppError } from '../../lib/errors.ts';
import { attachmentPaths, type EncryptedInput, type EntriesContext, toEntry } from './context.ts';
import { DELETION_USAGE, type EntryLimits } from './limits.ts';
import { createEntriesRepository, type EntryWithShare } from './repository.ts';
import type { WriteRules } from './write-rules.ts';

export function createEntryEditing(ctx: EntriesContext, limits: EntryLimits, rules: WriteRules) {
  const { db, repository, media, clock } = ctx;
  const { deletionLimit } = limits;
  const { requireVersion, checkText, holdKeyFor, sealing } = rules;

  async function ownedEditable(user: SessionUser, id: string): Promise<EntryWithShare> {
    const entry = await repository.findOwned(user.id, id);
    if (!entry) throw new AppError('NOT_FOUND', 'Entry not found');
    // Imported entries are read-only like any past entry, whatever their date (ADR 037).
    if (!isEditable(entry.createdAt, clock.now()) || entry.importKey !== null)
      throw new AppError('EDIT_WINDOW_EXPIRED', ENTRY_MESSAGES.editWindowExpired);
    return entry;
  }

  return {
    async update(user: SessionUser, id: string, input: EncryptedInput): Promise<CreatedEntry> {
      const existing = await ownedEditable(user, id);
      const isV2 = await requireVersion(user, input);
      const warning = await checkText(user, input, isV2, ENTRY_MESSAGES.contentEmpty);
      const now = clock.now();
      // The window is checked again in the write itself: moderation takes time and the window may close.
      const row = await db.transaction(async (tx) => {
        await holdKeyFor(tx, user.id, isV2);
        const updated = await createEntriesRepository(tx).update(
          user.id,
          id,
          {
            content: null,
            encryptedContent: input.encryptedContent,
            metadata: { ...existing.metadata, encryption_iv: input.encryptionIv },
            ...(input.moodTag !== undefined ? { moodTag: input.moodTag } : {}),
            // An edit seals the whole entry again under the account's version, mood included.
            ...sealing(input, isV2),
            updatedAt: now,
          },
          new Date(now.getTime() - EDIT_WINDOW_MS),
        );
        if (updated) await queueLiveEvent(tx, user.id, { type: 'entry', id });
        return updated;
      });
      if (!row) {
        const current = await repository.findOwned(user.id, id);
        if (current) throw new AppError('EDIT_WINDOW_EXPIRED', ENTRY_MESSAGES.editWindowExpired);
        throw new AppError('NOT_FOUND', 'Entry not found');
      }
      return { entry: toEntry({ ...row, isShared: existing.isShared }), moderation: { warning } };
    },

    /**
     * Soft delete within the edit window (an imported entry at any time, ADR 068), at most 5 a day; the reason
     * records whether the entry was shared.
     * One transaction: the delete itself comes first and decides (a second, parallel delete of the same entry
     * finds nothing and spends nothing), then the credit is taken; a refused credit or a closed window rolls
     * the delete back. The media file goes once the row no longer points at it (ADR 016).
     */
    async remove(user: SessionUser, id: string): Promise<DeletionLimit> {
      const now = clock.now();
      const removed = await db.transaction(async (tx) => {
        const txRepository = createEntriesRepository(tx);
        const row = await txRepository.softDelete(user.id, id, now, ENTRY_MESSAGES.sharedDeletionReason);
        if (!row) throw new AppError('NOT_FOUND', 'Entry not found');
        if (!row.isImported && !isEditable(row.createdAt, now))
          throw new AppError('EDIT_WINDOW_EXPIRED', ENTRY_MESSAGES.editWindowExpired);
        const isAllowed = await txRepository.consume(
          user.id,
          DELETION_USAGE,
          localDate(now, user.timezone),
          ENTRY_LIMITS.dailyDeletionLimit,
        );
        if (!isAllowed) throw new AppError('DELETION_LIMIT_REACHED', ENTRY_MESSAGES.deletionLimitReached);
        await queueLiveEvent(tx, user.id, { type: 'entry', id });
        return row;
      });
      if (removed.mediaUrl) await media.discard(removed.mediaUrl);
      for (const path of attachmentPaths(removed.attachments)) await media.discard(path);
      return deletionLimit(user);
    },
  };
}
