/*
 * Files going: a draft an import dropped, an entry's file it no longer points at, the stale drafts' job and the
 * sweep of orphan files. Apart because these are the jobs' and the cleanup's, which no request waits on (ADR 100).
 */
import { MEDIA_LIMITS, type SessionUser } from '@daybook/shared';
import { originalPathOf } from '../../infra/storage/storage.ts';
import type { MediaContext } from './context.ts';

/** How old an unreferenced file must be before the sweep removes it (uploads and saves finish well within). */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export function createMediaRemoval(ctx: MediaContext) {
  const { storage, repository, clock, removeWithThumbnail } = ctx;

  return {
    /** Drops the user's draft and its file (an import that was refused or abandoned). */
    async discardDraft(user: SessionUser, draftId: string): Promise<void> {
      const draft = await repository.claimOwnedDraft(user.id, draftId);
      if (draft) await removeWithThumbnail(draft.filePath);
    },

    /**
     * Removes the file of an entry that no longer points at it. A failed removal is not the user's problem:
     * the file is then an orphan, which the sweep removes, and its local links already answer 404.
     */
    async discard(storagePath: string): Promise<void> {
      await removeWithThumbnail(storagePath);
    },

    /**
     * Removes stored files that no live entry and no draft refers to (a crash between the move and the entry
     * insert, a failed removal, entries deleted before files went with them). Files written or moved within the
     * grace period are left alone: an upload or a save may be between its file and its row.
     */
    async sweepOrphans(graceMs = ORPHAN_GRACE_MS): Promise<number> {
      const cutoff = clock.now().getTime() - graceMs;
      let removed = 0;
      for await (const page of storage.list()) {
        const old = page.filter((file) => file.modifiedAt.getTime() < cutoff).map((file) => file.path);
        const attached = await repository.attachedAmong([...new Set(old.map(originalPathOf))]);
        for (const orphan of old.filter((p) => !attached.has(originalPathOf(p)))) {
          await storage.remove(orphan);
          removed++;
        }
      }
      return removed;
    },

    /** Drafts older than 24 hours go, with their files (the stale-draft job). */
    async removeStaleDrafts(limit = 100): Promise<number> {
      const cutoff = new Date(clock.now().getTime() - MEDIA_LIMITS.draftMaxAgeHours * 3600_000);
      const stale = await repository.claimStaleDrafts(cutoff, limit);
      await Promise.all(stale.map((draft) => removeWithThumbnail(draft.filePath)));
      return stale.length;
    },
  };
}
