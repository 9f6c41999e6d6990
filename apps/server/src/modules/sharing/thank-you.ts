import {
  decryptText,
  encryptText,
  type SendThankYouInput,
  type SessionUser,
  SHARE_SEALING_MESSAGES,
  sealTextToPublicKey,
  type ThankYouKey,
  thankYouModerationOutcome,
  thankYouSealContext,
} from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { publicKeysOf } from '../key-pairs/service.ts';
import { notifyUser } from '../notifications/service.ts';
import type { SharingContext } from './context.ts';
import { displayName } from './share-rules.ts';

/** How a stored note is sealed (its metadata, ADR 102): to the author's public key, or by the server as before. */
export const SEALED_NOTE_METADATA = { format: 'sealed', sealed_version: 1 } as const;

/*
 * A recipient's thank-you note (docs/product/sharing.md#sharing-thank-you, ADR 102). The author's browser made a key
 * pair: the recipient's browser checks the note with the shared classifier and seals it to the author's public key,
 * and the server stores what it cannot read, counting it against the daily limit and telling the author. An author
 * without a pair yet (not signed in since ADR 102) gets the note as before: moderated here, encrypted with the
 * author's standard key.
 */
export function createShareThankYouService(ctx: SharingContext) {
  const { db, keys, limits, clock } = ctx;

  const authorKeyOf = async (authorId: string) => (await publicKeysOf(db, [authorId])).get(authorId) ?? null;

  /** The stored form of the note, and its metadata. */
  async function sealed(
    shareId: string,
    authorId: string,
    input: SendThankYouInput,
  ): Promise<{ encryptedMessage: string; metadata: Record<string, unknown> }> {
    const publicKey = await authorKeyOf(authorId);
    if ('sealedMessage' in input) {
      // Sealed to a key that is gone (a fresh start of private mode in between): the author could never open it.
      if (!publicKey) throw new AppError('CONFLICT', SHARE_SEALING_MESSAGES.thankYouKeyGone);
      return { encryptedMessage: input.sealedMessage, metadata: { ...SEALED_NOTE_METADATA } };
    }
    const text = input.message.trim();
    await ctx.moderate(text, thankYouModerationOutcome);
    // A plain note to an author with a pair (a browser of the previous version): sealed here, so that the author's
    // notes are all of one kind, which only the author's pair opens.
    if (publicKey)
      return {
        encryptedMessage: await sealTextToPublicKey(publicKey, text, thankYouSealContext(shareId)),
        metadata: { ...SEALED_NOTE_METADATA },
      };
    const encrypted = await encryptText(await keys.keyFor(authorId), text);
    return { encryptedMessage: encrypted.ciphertext, metadata: { encryption_iv: encrypted.iv } };
  }

  return {
    /**
     * The author's notes the server kept under the standard key (sent before the author's key pair existed, or while
     * the account was standard), sealed to the author's public key in the caller's transaction, which is the one that
     * puts the pair's private half under private mode's account key (ADR 102, amended). The server could read them
     * until now, and no longer can: what private mode covers includes the thank-you notes received. A note the
     * standard key does not open (damaged) is left as it is. Answers how many were sealed.
     */
    async sealServerKeptNotes(tx: Executor, authorId: string, publicKey: string): Promise<number> {
      const repository = ctx.scoped(tx);
      const notes = await repository.serverKeptNotesOf(authorId);
      if (notes.length === 0) return 0;
      const key = await keys.keyFor(authorId);
      let sealedCount = 0;
      for (const note of notes) {
        const iv = note.metadata.encryption_iv;
        if (typeof iv !== 'string') continue;
        const text = await decryptText(key, { ciphertext: note.encryptedMessage, iv }).catch(() => null);
        if (text === null) continue;
        const sealedNote = await sealTextToPublicKey(publicKey, text, thankYouSealContext(note.shareId));
        await repository.replaceWithSealed(note.id, sealedNote, { ...SEALED_NOTE_METADATA });
        sealedCount += 1;
      }
      return sealedCount;
    },

    /** The author's public key, for the recipient of an active share alone: what the browser seals the note to. */
    async thankYouKey(user: SessionUser, shareId: string): Promise<ThankYouKey> {
      const found = await ctx.respondable(user, shareId);
      return { publicKey: await authorKeyOf(found.share.senderId) };
    },

    async thankYou(user: SessionUser, shareId: string, input: SendThankYouInput): Promise<{ id: string }> {
      const found = await ctx.respondable(user, shareId);
      const note = await sealed(shareId, found.share.senderId, input);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await limits.spend(user, 'thankYouNotes', { executor: tx });
        const inserted = await ctx.scoped(tx).insertThankYou({
          shareId,
          senderUserId: found.share.senderId,
          recipientUserId: user.id,
          ...note,
          createdAt: now,
        });
        await notifyUser(tx, {
          userId: found.share.senderId,
          type: 'thank_you_received',
          title: 'New thank you',
          message: `${displayName(user.fullName, 'Someone')} sent you a thank-you note`,
          metadata: { thankYouId: inserted.id, shareId, moodTag: found.entry.moodTag },
          createdAt: now,
        });
        return inserted;
      });
    },
  };
}
