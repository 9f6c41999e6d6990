import { decryptText, type SealedShareKeys, type ShareView } from '@daybook/shared';
import type { EntryKeys } from '../../infra/crypto/entry-keys.ts';
import type { ShareRow } from './repository.ts';
import type { ShareCopyRow } from './sealed-repository.ts';

type MediaLinks = { url(shareId: string, now: Date): string };

/**
 * What a viewer's browser is handed to open a sealed share (ADR 103): the copy as stored, and its key as the viewer
 * may have it. The recipient signed in gets the key wrapped to their public key (an `account` share, or a `link`
 * share once its sender's browser wrapped it); anyone with an "E-mail it" share's link gets the key itself, which the
 * server keeps under the sender's standard entry key; a private link's key never reaches the server at all.
 */
export async function sealedKeys(
  keys: EntryKeys,
  share: ShareRow,
  copy: ShareCopyRow,
  wrappedKey: string | null,
): Promise<SealedShareKeys> {
  return {
    sealing: share.sealing ?? 'link',
    copy: copy.sealedCopy,
    wrappedKey,
    key:
      share.sealing === 'server' && copy.serverKey
        ? await decryptText(await keys.keyFor(share.senderId), copy.serverKey)
        : null,
  };
}

/** The view's `sealed` part: the keys, and the link to the media container once the sender's browser sent it. */
export async function sealedViewPart(
  keys: EntryKeys,
  mediaLinks: MediaLinks,
  share: ShareRow,
  copy: ShareCopyRow,
  wrappedKey: string | null,
  now: Date,
  entryCreatedAt: Date,
): Promise<NonNullable<ShareView['sealed']>> {
  const hasMedia = share.includeMedia && copy.mediaPath !== null && copy.mediaType !== null;
  return {
    ...(await sealedKeys(keys, share, copy, wrappedKey)),
    media: hasMedia && copy.mediaType ? { url: mediaLinks.url(share.id, now), type: copy.mediaType } : null,
    createdAt: entryCreatedAt.toISOString(),
  };
}
