import {
  type CreateSealedShareInput,
  type SentShare,
  type SentShareList,
  type SessionUser,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  shareNoteModerationOutcome,
  type ThankYouNote,
} from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { sharedEntryMail } from '../../infra/mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUser } from '../notifications/service.ts';
import type { SharingContext } from './context.ts';
import type { ShareRow } from './repository.ts';
import type { SealedShares } from './sealed-shares.ts';
import {
  DAY_MS,
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
 */
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

export function createShareSenderService(ctx: SharingContext, sealed: SealedShares) {
  const { db, plans, limits, clock, repository } = ctx;

  return {
    /**
     * One transaction: a share per recipient with its hashed token, the e-mail queued in the outbox, the
     * `email_sent` event, and for registered recipients the notification and live event. Nothing is half made.
     */
    async create(user: SessionUser, entryId: string, input: CreateSealedShareInput): Promise<SentShareList> {
      const entry = await repository.findOwnedEntry(user.id, entryId);
      if (!entry) throw entryNotFound();
      const features = await plans.features(user.id);
      if (!features.can_share_entries) throw new AppError('FORBIDDEN', SHARE_MESSAGES.upgradeTooltip);
      const emails = input.recipients.map((r) => r.email.trim().toLowerCase());
      // A private entry comes sealed by its browser, one copy per recipient (ADR 103, sealed-shares.ts).
      const sealedBy = sealed.sealedFor(entry, emails, input.sealed);
      if (emails.includes(user.email.toLowerCase())) {
        throw new AppError('VALIDATION_FAILED', SHARE_MESSAGES.selfShare, {
          recipients: SHARE_MESSAGES.selfShare,
        });
      }
      const note = input.note?.trim() || null;
      if (note) await ctx.moderate(note, shareNoteModerationOutcome);

      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SHARE_LIMITS.expiryDays * DAY_MS);
      const senderName = displayName(user.fullName, user.email);
      const created = await db.transaction(async (tx) => {
        // The daily caps count e-mails, not requests (ADR 059); a refusal rolls back with the shares it refused.
        await limits.spend(user, 'shareEmails', { amount: emails.length, executor: tx });
        await limits.spendOnRecipients(emails, tx);
        const txRepository = ctx.scoped(tx);
        const registered = await txRepository.usersByEmail(emails);
        const rows: { share: ShareRow; recipientName: string | null; link?: string }[] = [];
        for (const email of emails) {
          const recipient = registered.get(email) ?? null;
          const { token, tokenHash } = newShareToken();
          const item = sealedBy.get(email);
          const share = await txRepository.insertShare({
            ...(item ? { id: item.shareId, sealing: item.sealing } : {}),
            entryId,
            senderId: user.id,
            recipientUserId: recipient?.id ?? null,
            recipientEmail: email,
            tokenHash,
            note,
            includeMedia: input.includeMedia ?? true,
            status: 'active',
            expiresAt,
            createdAt: now,
          });
          if (item) await sealed.storeSealed(tx, share, item, recipient?.id ?? null, entry);
          // A private link's key is in its fragment, which only the sender has: they send it, not the server.
          if (item?.sealing === 'link') {
            rows.push({ share, recipientName: recipient?.name ?? null, link: ctx.linkFor(token) });
            continue;
          }
          const queued = await enqueueMail(
            tx,
            {
              ...sharedEntryMail({ senderName, note, url: ctx.linkFor(token), expiresAt, isResend: false }),
              to: email,
            },
            now,
          );
          // Written with the message and tied to its outbox row: it counts as sent once the outbox delivered it,
          // dated then (ADR 023), so Manage Sharing says Pending until the e-mail has really gone.
          await txRepository.insertEvent({
            shareId: share.id,
            type: 'email_sent',
            userId: user.id,
            createdAt: now,
            metadata: { outbox_id: queued.id },
          });
          if (recipient) {
            await notifyUser(tx, {
              userId: recipient.id,
              type: 'share_received',
              title: 'New shared entry',
              message: `${senderName} shared a journal entry with you`,
              metadata: { shareId: share.id, moodTag: entry.moodTag },
              createdAt: now,
            });
            await queueLiveEvent(tx, recipient.id, { type: 'received-share', id: share.id });
          }
          rows.push({ share, recipientName: recipient?.name ?? null });
        }
        return rows;
      });
      // Nothing has happened to a new share yet: its e-mail is queued, not delivered (Pending).
      return {
        shares: created.reverse().map((r) => ({
          ...ctx.toSentShare(r.share, r.recipientName, [], now),
          ...(r.link ? { link: r.link } : {}),
        })),
      };
    },

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
