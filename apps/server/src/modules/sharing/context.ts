import {
  decryptText,
  ENTRY_MESSAGES,
  type ModerationOutcome,
  type ModerationVerdict,
  needsModeration,
  type SentShare,
  type SessionUser,
  SHARE_MESSAGES,
  type ShareView,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { TextModerator } from '../../infra/moderation/text-moderator.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaService } from '../media/service.ts';
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
import { createSealedSharesRepository } from './sealed-repository.ts';
import { sealedViewPart } from './sealed-view.ts';
import { displayName, effectiveStatus, eventsFor, refusal, shareNotFound } from './share-rules.ts';

/*
 * What the sender's, the recipient's and the admin's halves of sharing share: their dependencies, the repository,
 * and the readings of a share that more than one audience answers with (its sender's view, the view of its
 * entry, whether it can still be answered).
 */

export type SharingDeps = {
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
};

export function createSharingContext(deps: SharingDeps) {
  const { keys, moderator, clock, appUrl } = deps;
  const repository = createSharingRepository(deps.db, deps.visibleEntries);
  /** The repository inside a caller's transaction. */
  const scoped = (tx: Executor) => createSharingRepository(tx, deps.visibleEntries);
  const mediaLinks = createShareMediaLinks(deps.linkSecret, appUrl);
  /** Sealed shares' copies and wrapped keys (ADR 103), and the same inside a caller's transaction. */
  const sealedRepository = createSealedSharesRepository(deps.db);
  const sealedScoped = (tx: Executor) => createSealedSharesRepository(tx);

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
      sealing: share.sealing ?? null,
    };
  }

  async function sentShare(senderId: string, shareId: string): Promise<SentShare> {
    const found = await repository.findSent(senderId, shareId);
    if (!found) throw shareNotFound();
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
  async function buildView(
    found: ShareWithEntry,
    now: Date,
    isRecipientInApp: boolean,
    viewerId: string | null = null,
  ): Promise<ShareView> {
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
    let sealed: ShareView['sealed'];
    if (status === 'active' && !isDeleted && share.sealing) {
      // A private entry's copy, sealed in its sender's browser (ADR 103): the viewer's browser opens it.
      const held = viewerId
        ? (await sealedRepository.copiesFor([share.id], viewerId)).get(share.id)
        : await sealedRepository.copyOf(share.id).then((copy) => copy && { copy, wrappedKey: null });
      if (!held) throw shareNotFound();
      sealed = await sealedViewPart(
        keys,
        mediaLinks,
        share,
        held.copy,
        held.wrappedKey,
        now,
        entry.createdAt,
      );
    } else if (status === 'active' && !isDeleted) {
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
      ...(sealed ? { sealed } : {}),
    };
  }

  /** A share the user received that is still active with its entry, or the reason it is not. */
  async function respondable(user: SessionUser, shareId: string): Promise<ShareWithEntry> {
    const found = await repository.findReceived(user.id, user.email.toLowerCase(), shareId);
    if (!found) throw shareNotFound();
    const status = effectiveStatus(found.share, clock.now());
    if (status !== 'active') throw refusal(status);
    if (found.entry.deletedAt) throw new AppError('CONFLICT', SHARE_MESSAGES.entryDeletedBody);
    return found;
  }

  return {
    ...deps,
    repository,
    scoped,
    sealedRepository,
    sealedScoped,
    mediaLinks,
    linkFor: (token: string) => `${appUrl}/share/${token}`,
    moderate,
    toSentShare,
    sentShare,
    entryText,
    buildView,
    respondable,
  };
}

export type SharingContext = ReturnType<typeof createSharingContext>;
