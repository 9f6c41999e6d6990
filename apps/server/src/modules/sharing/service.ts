import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AdminReport,
  type CreateShareInput,
  decryptText,
  ENTRY_MESSAGES,
  encryptText,
  type ModerationOutcome,
  type ModerationVerdict,
  markdownToPlainText,
  needsModeration,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type ReceivedSharePage,
  type ReportShareInput,
  type SentShare,
  type SentShareList,
  type SessionUser,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  type ShareStatus,
  type ShareView,
  shareNoteModerationOutcome,
  type ThankYouNote,
  thankYouModerationOutcome,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import { queueLiveEvent } from '../../db/live-events.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { sharedEntryMail } from '../../infra/mail/templates.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaService } from '../media/service.ts';
import { notifyUser } from '../notifications/service.ts';
import type { PlansService } from '../plans/service.ts';
import type { SendingLimits } from '../sending-limits/service.ts';
import { createShareMediaLinks } from './media-links.ts';
import {
  createSharingRepository,
  type EntryVisibility,
  type ShareEventRow,
  type ShareRow,
  type ShareWithEntry,
} from './repository.ts';

const DAY_MS = 24 * 3600_000;
const TOKEN_BYTES = 16;
/** base64url of 16 bytes, without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const EXPIRY_BATCH = 500;

/** 128 random bits for the link; only their SHA-256 is stored, so a copy of the database opens no share. */
export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashShareToken(token) };
}

export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A share past its expiry is expired everywhere at once, whether or not the expiry job has run. */
export function effectiveStatus(share: Pick<ShareRow, 'status' | 'expiresAt'>, now: Date): ShareStatus {
  return share.status === 'active' && share.expiresAt.getTime() <= now.getTime() ? 'expired' : share.status;
}

const notFound = () => new AppError('NOT_FOUND', SHARE_MESSAGES.notFound);
const entryNotFound = () => new AppError('NOT_FOUND', 'Entry not found');

/** Why an existing share refuses an action that needs it active. */
function refusal(status: ShareStatus): AppError {
  return new AppError(
    'CONFLICT',
    status === 'revoked' ? SHARE_MESSAGES.shareRevokedBadge : SHARE_MESSAGES.shareExpiredBadge,
  );
}

const eventsFor = (events: ShareEventRow[], shareId: string) =>
  events
    .filter((e) => e.shareId === shareId)
    .map((e) => ({ type: e.type, createdAt: e.createdAt.toISOString() }));

const displayName = (name: string | null | undefined, fallback: string) => name?.trim() || fallback;

export function createSharingService(deps: {
  db: Db;
  keys: EntryKeys;
  moderator: TextModerator;
  media: MediaService;
  plans: PlansService;
  limits: SendingLimits;
  clock: Clock;
  appUrl: string;
  /** Signs the links to shared media (AUTH_SECRET). */
  linkSecret: string;
  visibleEntries: EntryVisibility;
}) {
  const { db, keys, moderator, media, plans, limits, clock, appUrl } = deps;
  const repository = createSharingRepository(db, deps.visibleEntries);
  const mediaLinks = createShareMediaLinks(deps.linkSecret, appUrl);
  const linkFor = (token: string) => `${appUrl}/share/${token}`;

  /**
   * docs/product/moderation.md#moderation-rules: text under three characters is safe without a call, and a failed call counts as safe. Notes are read
   * by another person, so the moderator holds words aimed at "you" to a stricter bar than in an entry (ADR 063).
   */
  async function moderate(text: string, rules: (verdict: ModerationVerdict) => ModerationOutcome) {
    if (!needsModeration(text)) return;
    let verdict: ModerationVerdict;
    try {
      verdict = await moderator.moderate(text, { audience: 'recipient' });
    } catch {
      return;
    }
    const outcome = rules(verdict);
    if (outcome.action === 'block') {
      throw new AppError('CONTENT_BLOCKED', outcome.message, undefined, {
        severity: verdict.severity,
        flags: verdict.flags,
        isCrisis: outcome.isCrisis,
      });
    }
  }

  function toSentShare(
    share: ShareRow,
    recipientName: string | null,
    events: ShareEventRow[],
    now: Date,
  ): SentShare {
    return {
      id: share.id,
      entryId: share.entryId,
      recipientEmail: share.recipientEmail,
      recipientName: share.recipientUserId ? (recipientName ?? null) : null,
      recipientRegistered: share.recipientUserId !== null,
      status: effectiveStatus(share, now),
      includeMedia: share.includeMedia,
      resendCount: share.resendCount,
      createdAt: share.createdAt.toISOString(),
      expiresAt: share.expiresAt.toISOString(),
      events: eventsFor(events, share.id),
    };
  }

  async function sentShare(senderId: string, shareId: string): Promise<SentShare> {
    const found = await repository.findSent(senderId, shareId);
    if (!found) throw notFound();
    const events = await repository.eventsOf([shareId]);
    return toSentShare(found.share, found.recipientName, events, clock.now());
  }

  /**
   * The entry's text, decrypted with its author's key in memory only to answer an authorised request (ADR 023).
   * It is never stored or logged; a failure says so without the text.
   */
  async function entryText(senderId: string, entry: ShareWithEntry['entry']): Promise<string> {
    if (!entry.encryptedContent) return entry.content ?? '';
    const iv = typeof entry.metadata.encryption_iv === 'string' ? entry.metadata.encryption_iv : '';
    try {
      return await decryptText(await keys.keyFor(senderId), { ciphertext: entry.encryptedContent, iv });
    } catch {
      throw new AppError('INVALID_CIPHERTEXT', ENTRY_MESSAGES.invalidCiphertext);
    }
  }

  /**
   * The view of a share as one consistent answer: status, sender and entry come from one statement, and the
   * entry is produced only for an active share whose entry exists. So a view racing a revoke sees either the
   * revoked share without its entry or the whole entry, never a mix.
   */
  async function buildView(found: ShareWithEntry, now: Date, isRecipientInApp: boolean): Promise<ShareView> {
    const { share, entry } = found;
    const status = effectiveStatus(share, now);
    // A revoked share shows that it was revoked and nothing else: no sender, note or history (ADR 059).
    if (status === 'revoked') {
      return {
        shareId: share.id,
        status,
        note: null,
        sharedAt: null,
        sender: null,
        entry: null,
        events: [],
        canRespond: false,
      };
    }
    const isDeleted = entry.deletedAt !== null;
    let viewEntry: ShareView['entry'] = null;
    if (status === 'active' && !isDeleted) {
      const text = await entryText(share.senderId, entry);
      const hasMedia = share.includeMedia && entry.mediaUrl !== null && entry.contentType !== 'text';
      viewEntry = {
        text,
        moodTag: entry.moodTag,
        createdAt: entry.createdAt.toISOString(),
        media: hasMedia
          ? { url: mediaLinks.url(share.id, now), type: entry.contentType as 'image' | 'audio' | 'video' }
          : null,
      };
    }
    const events = await repository.eventsOf([share.id]);
    return {
      shareId: share.id,
      status,
      note: share.note,
      sharedAt: share.createdAt.toISOString(),
      sender: { name: displayName(found.senderName, 'A Daybook user') },
      entry: viewEntry,
      events: eventsFor(events, share.id),
      ...(status === 'active' && isDeleted ? { error: 'entry_deleted' as const } : {}),
      canRespond: isRecipientInApp && status === 'active' && !isDeleted,
    };
  }

  /** A share the user received that is still active with its entry, or the reason it is not. */
  async function respondable(user: SessionUser, shareId: string): Promise<ShareWithEntry> {
    const found = await repository.findReceived(user.id, user.email.toLowerCase(), shareId);
    if (!found) throw notFound();
    const status = effectiveStatus(found.share, clock.now());
    if (status !== 'active') throw refusal(status);
    if (found.entry.deletedAt) throw new AppError('CONFLICT', SHARE_MESSAGES.entryDeletedBody);
    return found;
  }

  return {
    /**
     * One transaction: a share per recipient with its hashed token, the e-mail queued in the outbox, the
     * `email_sent` event, and for registered recipients the notification and live event. Nothing is half made.
     */
    async create(user: SessionUser, entryId: string, input: CreateShareInput): Promise<SentShareList> {
      const entry = await repository.findOwnedEntry(user.id, entryId);
      if (!entry) throw entryNotFound();
      // The server cannot read a private entry to send it; sharing it end to end is still to come (ADR 094).
      if (entry.encryptionVersion === PRIVATE_MODE.encryptionVersion)
        throw new AppError(
          'ENCRYPTION_VERSION_REFUSED',
          PRIVATE_MODE_MESSAGES.unavailableInPrivateMode('Sharing an entry'),
        );
      const features = await plans.features(user.id);
      if (!features.can_share_entries) throw new AppError('FORBIDDEN', SHARE_MESSAGES.upgradeTooltip);
      const emails = input.recipients.map((r) => r.email.trim().toLowerCase());
      if (emails.includes(user.email.toLowerCase())) {
        throw new AppError('VALIDATION_FAILED', SHARE_MESSAGES.selfShare, {
          recipients: SHARE_MESSAGES.selfShare,
        });
      }
      const note = input.note?.trim() || null;
      if (note) await moderate(note, shareNoteModerationOutcome);

      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SHARE_LIMITS.expiryDays * DAY_MS);
      const senderName = displayName(user.fullName, user.email);
      const created = await db.transaction(async (tx) => {
        // The daily caps count e-mails, not requests (ADR 059); a refusal rolls back with the shares it refused.
        await limits.spend(user, 'shareEmails', { amount: emails.length, executor: tx });
        await limits.spendOnRecipients(emails, tx);
        const txRepository = createSharingRepository(tx, deps.visibleEntries);
        const registered = await txRepository.usersByEmail(emails);
        const rows: { share: ShareRow; recipientName: string | null }[] = [];
        for (const email of emails) {
          const recipient = registered.get(email) ?? null;
          const { token, tokenHash } = newShareToken();
          const share = await txRepository.insertShare({
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
          const queued = await enqueueMail(
            tx,
            {
              ...sharedEntryMail({ senderName, note, url: linkFor(token), expiresAt, isResend: false }),
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
      return { shares: created.reverse().map((r) => toSentShare(r.share, r.recipientName, [], now)) };
    },

    async listForEntry(user: SessionUser, entryId: string): Promise<SentShareList> {
      const entry = await repository.findOwnedEntry(user.id, entryId);
      if (!entry) throw entryNotFound();
      const rows = await repository.sentForEntry(user.id, entryId);
      const events = await repository.eventsOf(rows.map((r) => r.share.id));
      const now = clock.now();
      return { shares: rows.map((r) => toSentShare(r.share, r.recipientName, events, now)) };
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
        const txRepository = createSharingRepository(tx, deps.visibleEntries);
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
              url: linkFor(token),
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
        if (!found) throw notFound();
        const status = effectiveStatus(found.share, now);
        if (status !== 'active') throw refusal(status);
        if (found.share.recipientUserId) {
          throw new AppError('CONFLICT', 'This recipient has an account and sees the share in Daybook.');
        }
        if (found.share.resendCount >= SHARE_LIMITS.maxResends) {
          throw new AppError('CONFLICT', `This share was already resent ${SHARE_LIMITS.maxResends} times.`);
        }
        throw new AppError('CONFLICT', SHARE_MESSAGES.entryDeletedBody);
      }
      return sentShare(user.id, shareId);
    },

    /** Active shares only, and for good: the link and the in-app view stop showing the entry at once. */
    async revoke(user: SessionUser, shareId: string): Promise<SentShare> {
      const now = clock.now();
      const revoked = await db.transaction(async (tx) => {
        const scoped = createSharingRepository(tx, deps.visibleEntries);
        const share = await scoped.revoke(user.id, shareId, now);
        if (!share) return null;
        // A recipient with an account is told in the app (ADR 056), also one who signed up after the share was
        // sent and has not opened it yet (no recipient id on it then). Never the entry's text: only who stopped.
        const recipientId =
          share.recipientUserId ??
          (await scoped.usersByEmail([share.recipientEmail])).get(share.recipientEmail)?.id;
        if (recipientId) {
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
        return share;
      });
      if (!revoked) {
        const found = await repository.findSent(user.id, shareId);
        if (!found) throw notFound();
        throw refusal(effectiveStatus(found.share, now));
      }
      return sentShare(user.id, shareId);
    },

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
      const file =
        isLive && entry?.mediaUrl && entry.contentType !== 'text'
          ? await media.openFile(entry.mediaUrl, entry.contentType as 'image')
          : null;
      if (!file) throw new AppError('NOT_FOUND', SHARE_MESSAGES.mediaUnavailable);
      return file;
    },

    /** The expiry job: marks shares past their date expired and tells registered recipients' open tabs. */
    async expireDue(): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await createSharingRepository(tx, deps.visibleEntries).expireDue(
          clock.now(),
          EXPIRY_BATCH,
        );
        for (const share of expired) {
          if (share.recipientUserId) {
            await queueLiveEvent(tx, share.recipientUserId, { type: 'received-share', id: share.id });
          }
        }
        return expired.length;
      });
    },

    /**
     * The link view, signed in or not. The token's hash finds the row; the stored hash is then compared in
     * constant time. Records `share_viewed` when the entry was shown. Never offers thank-you or report.
     */
    async viewByToken(token: string): Promise<ShareView> {
      if (!TOKEN_PATTERN.test(token)) throw notFound();
      const tokenHash = hashShareToken(token);
      const found = await repository.findByTokenHash(tokenHash);
      if (!found) throw notFound();
      const stored = Buffer.from(found.share.tokenHash, 'hex');
      const given = Buffer.from(tokenHash, 'hex');
      if (stored.length !== given.length || !timingSafeEqual(stored, given)) throw notFound();
      const now = clock.now();
      const view = await buildView(found, now, false);
      if (view.entry) {
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
      if (!found) throw notFound();
      const now = clock.now();
      if (!found.share.recipientUserId) await repository.linkRecipient(user.id, email, shareId);
      await repository.markViewed(user.id, email, now, shareId);
      return buildView(found, now, true);
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
      const items = await Promise.all(
        rows.map(async (row) => {
          const isDeleted = row.entry.deletedAt !== null;
          const text = isDeleted ? '' : await entryText(row.share.senderId, row.entry).catch(() => '');
          return {
            id: row.share.id,
            sender: { name: displayName(row.senderName, 'A Daybook user') },
            note: row.share.note,
            // The text as read: Markdown's markup and Day One's escapes are not part of a preview.
            preview: markdownToPlainText(text).slice(0, SHARE_LIMITS.previewChars),
            moodTag: row.entry.moodTag,
            contentType: row.entry.contentType,
            createdAt: row.share.createdAt.toISOString(),
            viewed: viewed.has(row.share.id),
          };
        }),
      );
      return { items, total, unviewed };
    },

    /** docs/product/sharing.md#sharing-received: opening the shares bell records `in_app_viewed` for every unviewed received share, not only those shown. */
    async markViewed(user: SessionUser): Promise<void> {
      await repository.markViewed(user.id, user.email.toLowerCase(), clock.now());
    },

    /**
     * Moderated, then encrypted with the entry author's key (the key their browser derives), so only the author
     * reads it; the recipient never receives the author's salt (ADR 023).
     */
    async thankYou(user: SessionUser, shareId: string, message: string): Promise<{ id: string }> {
      const found = await respondable(user, shareId);
      const text = message.trim();
      await moderate(text, thankYouModerationOutcome);
      const sealed = await encryptText(await keys.keyFor(found.share.senderId), text);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await limits.spend(user, 'thankYouNotes', { executor: tx });
        const note = await createSharingRepository(tx, deps.visibleEntries).insertThankYou({
          shareId,
          senderUserId: found.share.senderId,
          recipientUserId: user.id,
          encryptedMessage: sealed.ciphertext,
          metadata: { encryption_iv: sealed.iv },
          createdAt: now,
        });
        await notifyUser(tx, {
          userId: found.share.senderId,
          type: 'thank_you_received',
          title: 'New thank you',
          message: `${displayName(user.fullName, 'Someone')} sent you a thank-you note`,
          metadata: { thankYouId: note.id, shareId, moodTag: found.entry.moodTag },
          createdAt: now,
        });
        return note;
      });
    },

    /** For the entry's author only; their browser decrypts it with its own key. */
    async thankYouNote(user: SessionUser, noteId: string): Promise<ThankYouNote> {
      const note = await repository.findThankYouFor(user.id, noteId);
      if (!note) throw new AppError('NOT_FOUND', 'Thank-you note not found');
      return {
        id: note.id,
        encryptedMessage: note.encryptedMessage,
        encryptionIv: typeof note.metadata.encryption_iv === 'string' ? note.metadata.encryption_iv : '',
        createdAt: note.createdAt.toISOString(),
      };
    },

    /** The admin area's report queue (ADR 034): reason, details, dates, the share's state and its sender. */
    async reportPage(status: 'open' | 'resolved' | 'all', offset: number, limit: number) {
      const now = clock.now();
      const { items, total } = await repository.reportPage(status, offset, limit);
      return { items: items.map((row) => adminReport(row, now)), total };
    },

    /**
     * Closes an open report as the admin chose, inside the caller's transaction (the admin area writes its audit row
     * in it). `share_revoked` revokes the share if it is still active and tells the recipient's open tabs. Throws
     * NOT_FOUND for no such report and CONFLICT when it is already resolved. Disabling the sender is the caller's.
     */
    async resolveReport(
      tx: Executor,
      reportId: string,
      resolution: 'dismissed' | 'share_revoked' | 'sender_disabled',
      adminUserId: string | null,
    ) {
      const now = clock.now();
      const scoped = createSharingRepository(tx, deps.visibleEntries);
      const found = await scoped.findReport(reportId);
      if (!found) throw new AppError('NOT_FOUND', 'Report not found');
      if (!(await scoped.resolveReport(reportId, resolution, adminUserId, now))) {
        throw new AppError('CONFLICT', 'This report has already been handled.');
      }
      let wasRevoked = false;
      if (resolution === 'share_revoked') {
        const revoked = await scoped.revokeAny(found.share.id, now);
        wasRevoked = revoked !== null;
        if (revoked?.recipientUserId) {
          await queueLiveEvent(tx, revoked.recipientUserId, { type: 'received-share', id: revoked.id });
        }
      }
      return {
        shareId: found.share.id,
        sender: { id: found.sender.id, email: found.sender.email },
        wasRevoked,
      };
    },

    async adminReport(reportId: string) {
      const found = await repository.findReport(reportId);
      if (!found) throw new AppError('NOT_FOUND', 'Report not found');
      return adminReport(found, clock.now());
    },

    /** Stored for the admin area; the sender is not told, and never learns who reported. */
    async report(
      user: SessionUser,
      shareId: string,
      input: { reason: ReportShareInput['reason']; details?: string | undefined },
    ): Promise<{ id: string }> {
      await respondable(user, shareId);
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

type ReportRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createSharingRepository>['findReport']>>>;

function adminReport(row: ReportRow, now: Date): AdminReport {
  return {
    id: row.report.id,
    reason: row.report.reason,
    details: row.report.details,
    status: row.report.status,
    createdAt: row.report.createdAt.toISOString(),
    resolvedAt: row.report.resolvedAt?.toISOString() ?? null,
    share: { id: row.share.id, status: effectiveStatus(row.share, now) },
    sender: {
      id: row.sender.id,
      email: row.sender.email,
      name: row.sender.name,
      isDisabled: row.sender.banned,
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
