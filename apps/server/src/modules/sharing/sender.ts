import {
  type SentShare,
  type SentShareList,
  type SessionUser,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ThankYouNote,
} from '@daybook/shared';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { sharedEntryMail } from '../../infra/mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import type { SharingContext } from './context.ts';
import { createShareRevoking } from './revoking.ts';
import type { SealedShares } from './sealed-shares.ts';
import { createShareSending } from './sending.ts';
import {
  displayName,
  effectiveStatus,
  entryNotFound,
  newShareToken,
  refusal,
  shareNotFound,
} from './share-rules.ts';

/*
 * The sender's half of sharing: share an entry with people by e-mail, see who it went to, resend a link to someone
 * without an account, revoke, and read the thank-you notes that come back.
 * A new share is made in sending.ts and shares end in revoking.ts (ADR 100); the rest is here.
 */
export function createShareSenderService(ctx: SharingContext, sealed: SealedShares) {
  const { db, limits, clock, repository } = ctx;

  return {
    ...createShareSending(ctx, sealed),
    ...createShareRevoking(ctx, sealed),

    async listForEntry(user: SessionUser, entryId: string): Promise<SentShareList> {
      const entry = await repository.findOwnedEntry(user.id, entryId);
      if (!entry) throw entryNotFound();
      const rows = await repository.sentForEntry(user.id, entryId);
      const events = await repository.eventsOf(rows.map((r) => r.share.id));
      const now = clock.now();
      return { shares: rows.map((r) => ctx.toSentShare(r.share, r.recipientName, events, now)) };
    },

    /**
     * A new link by e-mail to an unregistered recipient, at most 3 times. The token is rotated, so links sent
     * earlier stop working; the expiry stays 30 days from creation.
     */
    async resend(user: SessionUser, shareId: string): Promise<SentShare> {
      const now = clock.now();
      const senderName = displayName(user.fullName, user.email);
      const { token, tokenHash } = newShareToken();
      const claimed = await db.transaction(async (tx) => {
        const txRepository = ctx.scoped(tx);
        const share = await txRepository.claimResend(
          user.id,
          shareId,
          tokenHash,
          now,
          SHARE_LIMITS.maxResends,
        );
        if (!share) return null;
        // A resend is one more share e-mail (ADR 059); refused, the claim above rolls back with it.
        await limits.spend(user, 'shareEmails', { executor: tx });
        await limits.spendOnRecipients([share.recipientEmail], tx);
        await enqueueMail(
          tx,
          {
            ...sharedEntryMail({
              senderName,
              note: share.note,
              url: ctx.linkFor(token),
              expiresAt: share.expiresAt,
              isResend: true,
            }),
            to: share.recipientEmail,
          },
          now,
        );
        await txRepository.insertEvent({
          shareId: share.id,
          type: 'resent',
          userId: user.id,
          createdAt: now,
        });
        return share;
      });
      if (!claimed) {
        // Say why, from what is there now; nothing was changed.
        const found = await repository.findSent(user.id, shareId);
        if (!found) throw shareNotFound();
        const status = effectiveStatus(found.share, now);
        if (status !== 'active') throw refusal(status);
        if (found.share.sealing === 'link') {
          throw new AppError(
            'CONFLICT',
            'A private link is sent by you: copy it again from where you kept it.',
          );
        }
        if (found.share.recipientUserId) {
          throw new AppError('CONFLICT', 'This recipient has an account and sees the share in Daybook.');
        }
        if (found.share.resendCount >= SHARE_LIMITS.maxResends) {
          throw new AppError('CONFLICT', `This share was already resent ${SHARE_LIMITS.maxResends} times.`);
        }
        throw new AppError('CONFLICT', SHARE_MESSAGES.entryDeletedBody);
      }
      return ctx.sentShare(user.id, shareId);
    },

    /** For the entry's author only; their browser decrypts it with its own key. */
    async thankYouNote(user: SessionUser, noteId: string): Promise<ThankYouNote> {
      const note = await repository.findThankYouFor(user.id, noteId);
      if (!note) throw new AppError('NOT_FOUND', 'Thank-you note not found');
      return {
        id: note.id,
        shareId: note.shareId,
        // Sealed to the author's key pair (ADR 102), or encrypted by the server with the author's key as before.
        format: note.metadata.format === 'sealed' ? 'sealed' : 'server',
        encryptedMessage: note.encryptedMessage,
        encryptionIv: typeof note.metadata.encryption_iv === 'string' ? note.metadata.encryption_iv : '',
        createdAt: note.createdAt.toISOString(),
      };
    },
  };
}
