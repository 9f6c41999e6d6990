/*
 * A new share (the sender's half of sharing): one per recipient, each with its hashed token and its e-mail, or a
 * private link the sender sends themselves (ADR 103). Apart as the largest of the sender's operations.
 */
import {
  type CreateSealedShareInput,
  type SentShareList,
  type SessionUser,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  shareNoteModerationOutcome,
} from '@daybook/shared';
import { queueLiveEvent } from '../../db/live-events.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { sharedEntryMail } from '../../infra/mail/templates.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUser } from '../notifications/service.ts';
import type { SharingContext } from './context.ts';
import type { ShareRow } from './repository.ts';
import type { SealedShares } from './sealed-shares.ts';
import { DAY_MS, displayName, entryNotFound, newShareToken } from './share-rules.ts';

export function createShareSending(ctx: SharingContext, sealed: SealedShares) {
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
  };
}
