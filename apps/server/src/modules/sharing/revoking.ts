/*
 * Ending shares (the sender's half of sharing): a revoke by the sender, and the shares of entries that became
 * private (ADR 097); each recipient with an account is told the same way.
 */
import type { SentShare, SessionUser } from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import { notifyUser } from '../notifications/service.ts';
import type { SharingContext } from './context.ts';
import type { ShareRow } from './repository.ts';
import type { SealedShares } from './sealed-shares.ts';
import { displayName, effectiveStatus, refusal, shareNotFound } from './share-rules.ts';

/**
 * A recipient with an account is told in the app that a share was revoked (ADR 056), also one who signed up after
 * the share was sent and has not opened it yet (no recipient id on it then). Never the entry's text: only who stopped.
 */
async function tellRecipientOfRevoke(
  scoped: ReturnType<SharingContext['scoped']>,
  tx: Executor,
  user: SessionUser,
  share: ShareRow,
  now: Date,
): Promise<void> {
  const recipientId =
    share.recipientUserId ??
    (await scoped.usersByEmail([share.recipientEmail])).get(share.recipientEmail)?.id;
  if (!recipientId) return;
  await notifyUser(tx, {
    userId: recipientId,
    type: 'share_revoked',
    title: 'Shared entry revoked',
    message: `${displayName(user.fullName, user.email)} stopped sharing a journal entry with you`,
    metadata: { shareId: share.id },
    createdAt: now,
  });
  await queueLiveEvent(tx, recipientId, { type: 'received-share', id: share.id });
}

export function createShareRevoking(ctx: SharingContext, sealed: SealedShares) {
  const { db, clock, repository } = ctx;

  return {
    /** Active shares only, and for good: the link and the in-app view stop showing the entry at once. */
    async revoke(user: SessionUser, shareId: string): Promise<SentShare> {
      const now = clock.now();
      const revoked = await db.transaction(async (tx) => {
        const scoped = ctx.scoped(tx);
        const share = await scoped.revoke(user.id, shareId, now);
        if (!share) return null;
        await tellRecipientOfRevoke(scoped, tx, user, share, now);
        // The copy and the wrapped keys go with the revoke (ADR 103); the media file once committed.
        return { share, files: await sealed.dropSealed(tx, [share.id]) };
      });
      if (revoked) await sealed.removeFiles(revoked.files);
      if (!revoked) {
        const found = await repository.findSent(user.id, shareId);
        if (!found) throw shareNotFound();
        throw refusal(effectiveStatus(found.share, now));
      }
      return ctx.sentShare(user.id, shareId);
    },

    /**
     * Entries that became private (switching on, ADR 097): the server can no longer open them for anyone, so their
     * active shares end in the caller's transaction, and each recipient with an account is told as a revoke tells
     * them. Answers how many ended.
     */
    async revokeForPrivateEntries(tx: Executor, user: SessionUser, entryIds: string[]): Promise<number> {
      const now = clock.now();
      const scoped = ctx.scoped(tx);
      const revoked = await scoped.revokeActiveOfEntries(user.id, entryIds, now);
      for (const share of revoked) await tellRecipientOfRevoke(scoped, tx, user, share, now);
      return revoked.length;
    },
  };
}
