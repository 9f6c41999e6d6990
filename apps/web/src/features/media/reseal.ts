import {
  type AccountKey,
  api,
  deriveMediaKeyV2,
  importAccountKey,
  sealMediaInBrowser,
} from '@daybook/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiUrl, callApi } from '../../lib/api-client.ts';
import { getMediaLink } from './api/get-media-url.ts';
import { getThumbnailLink } from './api/get-thumbnail-url.ts';
import { uploadResealed } from './api/sealed-media.ts';

/*
 * Switching private mode on, for media (ADR 096): each attachment of an entry the server sealed under its own key
 * is downloaded as plaintext through its owner's link, sealed here under the account's media key, and sent back to
 * replace the stored file (PUT /api/entries/:id/media/sealed), its thumbnail or poster with it. The server writes
 * the new container over the old file whole, so the copy it could open is gone once each call returns. A file
 * already under the account key is left alone, so a stopped run can simply be run again.
 */

export type ResealOutcome = {
  /** Files replaced by this run. */
  resealed: number;
  /** Files that were under the account key already (a resumed run, or media attached in private mode). */
  alreadySealed: number;
};

async function downloadPlain(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`the attachment could not be downloaded (${response.status})`);
  return response.blob();
}

/** One attachment (the entry's media, or one further attachment when `attachmentId` is given). */
async function resealOne(
  entryId: string,
  attachmentId: string | null,
  hasThumbnail: boolean,
  mediaKey: Uint8Array,
  signal?: AbortSignal,
): Promise<boolean> {
  const link = await getMediaLink(entryId, attachmentId, signal);
  if (link.sealedByUser) return false;
  // The thumbnail the server already keeps (made from this file): sealed as it is, at its own size.
  let thumbnail: { sealed: Blob; width: number; height: number } | null = null;
  if (hasThumbnail) {
    const thumb = await getThumbnailLink(entryId, attachmentId, signal);
    if (!thumb.sealedByUser) {
      const plainThumb = await downloadPlain(thumb.url, signal);
      thumbnail = {
        sealed: await sealMediaInBrowser(plainThumb, mediaKey),
        width: thumb.width,
        height: thumb.height,
      };
    }
  }
  const sealed = await sealMediaInBrowser(await downloadPlain(link.url, signal), mediaKey);
  const answer = await uploadResealed(entryId, attachmentId, sealed, thumbnail, signal);
  return answer.resealed;
}

/**
 * Re-seals every attachment of the signed-in person's entry `entryId` under the account key (ADR 096): the entry's
 * own photo, voice note or video and an imported entry's further attachments, each with its thumbnail. For the
 * switch-on loop, which calls it once per entry that has media; `accountKey` is the unlocked account key (raw, or
 * as imported). Given `queryClient`, the entry's cached links are dropped, so that what is shown next opens the
 * sealed files. Throws on the first failure (the loop retries the entry later; what was done stays done).
 */
export async function resealEntryMediaForPrivateMode(
  entryId: string,
  accountKey: AccountKey | Uint8Array<ArrayBuffer>,
  options: { queryClient?: QueryClient; signal?: AbortSignal } = {},
): Promise<ResealOutcome> {
  const { signal } = options;
  const key = accountKey instanceof Uint8Array ? await importAccountKey(accountKey) : accountKey;
  const mediaKey = await deriveMediaKeyV2(key);
  const entry = await callApi(api.entries.get, { params: { id: entryId }, signal });
  const outcome: ResealOutcome = { resealed: 0, alreadySealed: 0 };
  const count = (resealed: boolean) => {
    if (resealed) outcome.resealed++;
    else outcome.alreadySealed++;
  };
  if (entry.mediaUrl && entry.contentType !== 'text') {
    const hasThumbnail =
      entry.contentType === 'image' || (entry.contentType === 'video' && Boolean(entry.thumbnailSize));
    count(await resealOne(entryId, null, hasThumbnail, mediaKey, signal));
  }
  for (const attachment of entry.attachments ?? []) {
    count(await resealOne(entryId, attachment.id, attachment.hasThumbnail, mediaKey, signal));
  }
  if (options.queryClient) {
    // The entry's links are keyed by their addresses (`MediaItem`), each under the entry's own.
    const entryPath = `${apiUrl(api.entries.get, { params: { id: entryId } })}/`;
    await options.queryClient.invalidateQueries({
      predicate: ({ queryKey }) =>
        (queryKey[0] === 'media-url' || queryKey[0] === 'thumbnail-url') &&
        typeof queryKey[1] === 'string' &&
        queryKey[1].startsWith(entryPath),
    });
  }
  return outcome;
}
