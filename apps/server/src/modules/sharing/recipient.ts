import { timingSafeEqual } from 'node:crypto';
import {
  markdownToPlainText,
  type ReceivedSharePage,
  type ReportShareInput,
  type SessionUser,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ShareView,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import type { SharingContext } from './context.ts';
import { sealedKeys } from './sealed-view.ts';
import { displayName, effectiveStatus, hashShareToken, shareNotFound, TOKEN_PATTERN } from './share-rules.ts';

/*
 * The recipient's half of sharing: the link view (signed in or not), the shares bell and its list, the in-app
 * viewer, the shared media's link, and a report; the other answer, a thank-you note, is thank-you.ts.
 */
export function createShareRecipientService(ctx: SharingContext) {
  const { keys, media, limits, clock, repository, mediaLinks, sealedRepository } = ctx;

  /** A sealed share's media (ADR 103): the container as its sender's browser sealed it, opaque bytes. */
  async function sealedMediaFile(shareId: string) {
    const copy = await sealedRepository.copyOf(shareId);
    const file = copy?.mediaPath ? await media.openStored(copy.mediaPath) : null;
    if (!file?.sealedByUser) throw new AppError('NOT_FOUND', SHARE_MESSAGES.mediaUnavailable);
    return { size: file.size, contentType: 'application/octet-stream', read: file.read };
  }

  return {
    /**
     * A shared entry's media through its link (ADR 059): the signature first, then, on every request, that the
     * share is still active with its media, so a link issued before a revoke or the expiry stops at once.
     */
    async sharedMedia(shareId: string, link: { expires: number; signature: string }) {
      const now = clock.now();
      if (!mediaLinks.verify(shareId, link, now)) {
        throw new AppError('MEDIA_LINK_INVALID', SHARE_MESSAGES.mediaUnavailable);
      }
      const found = await repository.findWithEntry(shareId);
      const entry = found?.entry;
      const isLive =
        found &&
        effectiveStatus(found.share, now) === 'active' &&
        found.share.includeMedia &&
        !entry?.deletedAt;
      if (isLive && found.share.sealing) return sealedMediaFile(shareId);
      const file =
        isLive && entry?.mediaUrl && entry.contentType !== 'text'
          ? await media.openFile(entry.mediaUrl, entry.contentType as 'image')
          : null;
      if (!file) throw new AppError('NOT_FOUND', SHARE_MESSAGES.mediaUnavailable);
      return file;
    },

    /**
     * The link view, signed in or not. The token's hash finds the row; the stored hash is then compared in
     * constant time. Records `share_viewed` when the entry was shown. Never offers thank-you or report.
     */
    async viewByToken(token: string): Promise<ShareView> {
      if (!TOKEN_PATTERN.test(token)) throw shareNotFound();
      const tokenHash = hashShareToken(token);
      const found = await repository.findByTokenHash(tokenHash);
      if (!found) throw shareNotFound();
      const stored = Buffer.from(found.share.tokenHash, 'hex');
      const given = Buffer.from(tokenHash, 'hex');
      if (stored.length !== given.length || !timingSafeEqual(stored, given)) throw shareNotFound();
      const now = clock.now();
      const view = await ctx.buildView(found, now, false);
      if (view.entry || view.sealed) {
        await repository.insertEvent({
          shareId: found.share.id,
          type: 'share_viewed',
          userId: null,
          createdAt: now,
        });
        view.events.push({ type: 'share_viewed', createdAt: now.toISOString() });
      }
      return view;
    },

    /** The recipient's in-app view; records `in_app_viewed` if it is missing. */
    async viewReceived(user: SessionUser, shareId: string): Promise<ShareView> {
      const email = user.email.toLowerCase();
      const found = await repository.findReceived(user.id, email, shareId);
      if (!found) throw shareNotFound();
      const now = clock.now();
      if (!found.share.recipientUserId) await repository.linkRecipient(user.id, email, shareId);
      await repository.markViewed(user.id, email, now, shareId);
      return ctx.buildView(found, now, true, user.id);
    },

    /** Active received shares, newest first, each with a 100-character preview of its text. */
    async received(user: SessionUser, query: { page: number; pageSize: number }): Promise<ReceivedSharePage> {
      const now = clock.now();
      const { rows, viewed, total, unviewed } = await repository.receivedPage(
        user.id,
        user.email.toLowerCase(),
        now,
        query.pageSize,
        query.page * query.pageSize,
      );
      // Sealed shares (ADR 103): no preview or mood here; the recipient's browser reads them from the copy.
      const copies = await sealedRepository.copiesFor(
        rows.filter((row) => row.share.sealing).map((row) => row.share.id),
        user.id,
      );
      const items = await Promise.all(
        rows.map(async (row) => {
          const isDeleted = row.entry.deletedAt !== null;
          const held = isDeleted ? undefined : copies.get(row.share.id);
          const sealed = held ? await sealedKeys(keys, row.share, held.copy, held.wrappedKey) : undefined;
          const text =
            isDeleted || row.share.sealing
              ? ''
              : await ctx.entryText(row.share.senderId, row.entry).catch(() => '');
          return {
            id: row.share.id,
            sender: { name: displayName(row.senderName, 'A Daybook user') },
            note: row.share.note,
            // The text as read: Markdown's markup and Day One's escapes are not part of a preview.
            preview: markdownToPlainText(text).slice(0, SHARE_LIMITS.previewChars),
            moodTag: row.share.sealing ? null : row.entry.moodTag,
            contentType: row.entry.contentType,
            createdAt: row.share.createdAt.toISOString(),
            viewed: viewed.has(row.share.id),
            ...(sealed ? { sealed } : {}),
          };
        }),
      );
      return { items, total, unviewed };
    },

    /** docs/product/sharing.md#sharing-received: opening the shares bell records `in_app_viewed` for every unviewed received share, not only those shown. */
    async markViewed(user: SessionUser): Promise<void> {
      await repository.markViewed(user.id, user.email.toLowerCase(), clock.now());
    },

    /** Stored for the admin area; the sender is not told, and never learns who reported. */
    async report(
      user: SessionUser,
      shareId: string,
      input: { reason: ReportShareInput['reason']; details?: string | undefined },
    ): Promise<{ id: string }> {
      await ctx.respondable(user, shareId);
      await limits.spend(user, 'reports');
      return repository.insertReport({
        shareId,
        reporterUserId: user.id,
        reason: input.reason as 'spam',
        details: input.details ?? null,
        createdAt: clock.now(),
      });
    },
  };
}
