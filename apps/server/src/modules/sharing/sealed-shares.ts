import {
  type AwaitingWrapList,
  encryptText,
  PRIVATE_MODE,
  SEALED_SHARE_MESSAGES,
  type SealedShareInput,
  type SessionUser,
  SHARE_MESSAGES,
  type ShareRecipientKeys,
} from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { shareCopyPath } from '../../infra/storage/storage.ts';
import { AppError } from '../../lib/errors.ts';
import type { SharingContext } from './context.ts';
import type { ShareRow } from './repository.ts';
import { effectiveStatus, entryNotFound, refusal, shareNotFound } from './share-rules.ts';

/*
 * A private entry shared end to end (ADR 103). The sender's browser seals a copy under a fresh share key and sends
 * only ciphertext; these are the server's parts around it: the recipients' public keys for a share being made, the
 * copy and wrapped keys stored with the share, its media container, the wraps a sender's browser makes later for a
 * recipient who signed up, and dropping all of it when the share ends.
 */

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { sealed: message });

/** The entry fields sealed sharing reads (the owner's entry, not deleted). */
type OwnedEntry = { encryptionVersion: number; contentType: string; mediaUrl: string | null };

export function createSealedShares(ctx: SharingContext) {
  const { plans, keys, media, clock, repository, sealedRepository } = ctx;

  /** The share being sealed for this address, checked against the entry's version; null for a readable entry. */
  function sealedFor(entry: OwnedEntry, emails: string[], sealed: SealedShareInput[] | undefined) {
    const isPrivate = entry.encryptionVersion === PRIVATE_MODE.encryptionVersion;
    if (!isPrivate) {
      if (sealed) throw refuse('Only a private entry is shared sealed.');
      return new Map<string, SealedShareInput>();
    }
    // The server cannot read a private entry to send it: its browser seals a copy per recipient (ADR 103).
    if (!sealed) throw new AppError('ENCRYPTION_VERSION_REFUSED', SEALED_SHARE_MESSAGES.unsealed);
    const byEmail = new Map(sealed.map((item) => [item.email, item]));
    const ids = new Set(sealed.map((item) => item.shareId));
    if (byEmail.size !== emails.length || ids.size !== emails.length || emails.some((e) => !byEmail.has(e)))
      throw refuse('Each recipient needs one sealed share.');
    for (const item of sealed) {
      if ((item.sealing === 'account') !== (item.keyForRecipient !== undefined))
        throw refuse('Only a share to an account carries a key for the recipient.');
      if ((item.sealing === 'server') !== (item.serverKey !== undefined))
        throw refuse('Only a share the server e-mails carries its key.');
    }
    return byEmail;
  }

  /**
   * Stores a sealed share's copy and its recipient's wrapped key, in the caller's transaction. An `account` share
   * needs a recipient whose account has a key pair; an "E-mail it" key is kept under the sender's standard key.
   */
  async function storeSealed(
    tx: Executor,
    share: ShareRow,
    item: SealedShareInput,
    recipientId: string | null,
    entry: OwnedEntry,
  ): Promise<void> {
    const scoped = ctx.sealedScoped(tx);
    const mediaType =
      entry.mediaUrl && entry.contentType !== 'text'
        ? (entry.contentType as 'image' | 'audio' | 'video')
        : null;
    await scoped.insertCopy({
      shareId: share.id,
      sealedCopy: item.copy,
      keyForSender: item.keyForSender,
      serverKey: item.serverKey ? await encryptText(await keys.keyFor(share.senderId), item.serverKey) : null,
      mediaType: share.includeMedia ? mediaType : null,
      createdAt: share.createdAt,
    });
    if (item.sealing !== 'account') return;
    if (!recipientId || !item.keyForRecipient)
      throw refuse(`${share.recipientEmail} has no key to share with.`);
    await scoped.insertWrap({ shareId: share.id, userId: recipientId, wrappedKey: item.keyForRecipient });
  }

  /** Deletes the copies and wrapped keys of ended shares in the caller's transaction; answers their files. */
  const dropSealed = (tx: Executor, shareIds: string[]) => ctx.sealedScoped(tx).dropSealed(shareIds);

  /** Removes ended shares' media files after their rows went; a failure leaves an orphan for the sweep. */
  const removeFiles = (paths: string[]) =>
    Promise.all(paths.map((p) => media.discard(p).catch(() => undefined)));

  return {
    sealedFor,
    storeSealed,
    dropSealed,
    removeFiles,

    /**
     * The public keys of a private entry's recipients, for the share its owner is making now (ADR 103): Premium,
     * the owner's private entry, the spec's recipient rules, and the route's rate limit. It says no more than making
     * the share says (whether an address has an account), and only to someone who may share this entry.
     */
    async recipientKeys(user: SessionUser, entryId: string, emails: string[]): Promise<ShareRecipientKeys> {
      const entry = await repository.findOwnedEntry(user.id, entryId);
      if (!entry) throw entryNotFound();
      if (entry.encryptionVersion !== PRIVATE_MODE.encryptionVersion)
        throw refuse('Only a private entry is shared sealed.');
      const features = await plans.features(user.id);
      if (!features.can_share_entries) throw new AppError('FORBIDDEN', SHARE_MESSAGES.upgradeTooltip);
      const wanted = emails.map((email) => email.trim().toLowerCase());
      if (wanted.includes(user.email.toLowerCase()))
        throw new AppError('VALIDATION_FAILED', SHARE_MESSAGES.selfShare, {
          recipients: SHARE_MESSAGES.selfShare,
        });
      const found = await sealedRepository.publicKeysByEmail(wanted);
      return {
        senderPublicKey: await sealedRepository.publicKeyOf(user.id),
        recipients: wanted.map((email) => ({ email, publicKey: found.get(email) ?? null })),
      };
    },

    /**
     * A sealed share's media container, once, from its sender's browser: the share must be the sender's, active,
     * sealed, with media included and none stored yet. Stored as it came (key kind 1), under the sender's folder.
     */
    async putSealedMedia(user: SessionUser, shareId: string, localFile: string): Promise<void> {
      const found = await repository.findSent(user.id, shareId);
      if (!found) throw shareNotFound();
      const status = effectiveStatus(found.share, clock.now());
      if (status !== 'active') throw refusal(status);
      const copy = found.share.sealing ? await sealedRepository.copyOf(shareId) : null;
      if (!copy?.mediaType || copy.mediaPath) throw new AppError('CONFLICT', SHARE_MESSAGES.mediaUnavailable);
      const path = shareCopyPath(user.id, shareId);
      await media.storeShareCopy(path, localFile);
      // A revoke between the check and here dropped the row: the file then goes again at once.
      if (!(await sealedRepository.setMediaPath(shareId, path))) {
        await removeFiles([path]);
        throw new AppError('CONFLICT', SHARE_MESSAGES.mediaUnavailable);
      }
    },

    /** The sender's private-link shares whose recipient now has a key pair and no wrap (ADR 103's pick-up). */
    async awaitingWraps(user: SessionUser): Promise<AwaitingWrapList> {
      const rows = await sealedRepository.awaitingWraps(user.id, clock.now());
      return {
        items: rows.map((r) => ({
          shareId: r.shareId,
          keyForSender: r.keyForSender,
          recipientPublicKey: r.recipientPublicKey,
        })),
      };
    },

    /** Stores the key the sender's browser wrapped for a recipient who signed up after the share was made. */
    async wrapForRecipient(user: SessionUser, shareId: string, wrappedKey: string): Promise<void> {
      const awaiting = (await sealedRepository.awaitingWraps(user.id, clock.now())).find(
        (row) => row.shareId === shareId,
      );
      if (!awaiting) throw shareNotFound();
      await sealedRepository.insertWrap({ shareId, userId: awaiting.recipientId, wrappedKey });
    },
  };
}

export type SealedShares = ReturnType<typeof createSealedShares>;
