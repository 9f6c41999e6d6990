import {
  type AccountKey,
  api,
  deriveMediaKeyV2,
  type EntryPage,
  importAccountKey,
  MediaSealError,
  openMediaInBrowser,
} from '@daybook/shared';
import { callApi, uploadToApi } from '../../lib/api-client.ts';
import { keptAccountKey } from '../../lib/private-keys/session-key.ts';
import { getSession } from '../../lib/session/get-session.ts';
import { getMediaLink } from './api/get-media-url.ts';
import { getThumbnailLink } from './api/get-thumbnail-url.ts';

/*
 * Switching private mode off, the media's part (ADR 097, amended; the reverse of reseal.ts): finishing removes the
 * account key, so every file sealed in this browser under it (ADR 096) is first fetched through its owner's link
 * (served as stored), opened here, and sent back as plaintext (PUT /api/entries/:id/media/unsealed), which the
 * server seals under its own key in place, its thumbnail with it. A file under the server's key already is left
 * alone, so a stopped run resumes by running again. The server refuses to finish while any file is left.
 */

const PAGE_SIZE = 50;

const hasMedia = (entry: EntryPage['entries'][number]) =>
  (entry.mediaUrl !== null && entry.contentType !== 'text') || (entry.attachments?.length ?? 0) > 0;

const entriesPage = (page: number, signal?: AbortSignal) =>
  callApi(api.entries.list, { query: { page, pageSize: PAGE_SIZE }, signal });

async function download(url: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`the attachment could not be downloaded (${response.status})`);
  return response.blob();
}

/**
 * One attachment (the entry's media, or one further attachment): answers 'unsealed', 'already' (nothing under the
 * account key), or 'unopened' (a container the key does not open: left as it is, and the finish stays refused).
 */
async function unsealOne(
  entryId: string,
  attachmentId: string | null,
  hasThumbnail: boolean,
  mediaKey: Uint8Array,
  signal?: AbortSignal,
): Promise<'unsealed' | 'already' | 'unopened'> {
  const link = await getMediaLink(entryId, attachmentId, signal);
  const thumb = hasThumbnail ? await getThumbnailLink(entryId, attachmentId, signal) : null;
  if (!link.sealedByUser && !thumb?.sealedByUser) return 'already';
  try {
    const stored = await download(link.url, signal);
    const plain = link.sealedByUser ? await openMediaInBrowser(stored, mediaKey) : stored;
    const form = new FormData();
    form.append('file', plain, 'file.bin');
    const sealedThumb = thumb?.sealedByUser ? thumb : null;
    if (sealedThumb) {
      form.append(
        'thumbnail',
        await openMediaInBrowser(await download(sealedThumb.url, signal), mediaKey),
        'thumb.webp',
      );
    }
    const answer = await uploadToApi(api.media.unseal, {
      params: { id: entryId },
      query: {
        attachmentId: attachmentId ?? undefined,
        thumbWidth: sealedThumb?.width,
        thumbHeight: sealedThumb?.height,
      },
      body: form,
      signal,
    });
    return answer.unsealed ? 'unsealed' : 'already';
  } catch (error) {
    if (error instanceof MediaSealError) return 'unopened';
    throw error;
  }
}

/**
 * Turns every file of the signed-in person's entry `entryId` back under the server's key; answers how many did not
 * open with `accountKey` (left as they are).
 */
export async function unsealEntryMedia(
  entryId: string,
  accountKey: AccountKey | Uint8Array<ArrayBuffer>,
  signal?: AbortSignal,
): Promise<{ unopened: number }> {
  const key = accountKey instanceof Uint8Array ? await importAccountKey(accountKey) : accountKey;
  const mediaKey = await deriveMediaKeyV2(key);
  const entry = await callApi(api.entries.get, { params: { id: entryId }, signal });
  let unopened = 0;
  if (entry.mediaUrl && entry.contentType !== 'text') {
    // Only a thumbnail that exists: asked for one it has not, the server would try to make it from the container.
    const hasThumbnail = entry.contentType !== 'audio' && Boolean(entry.thumbnailSize);
    if ((await unsealOne(entryId, null, hasThumbnail, mediaKey, signal)) === 'unopened') unopened++;
  }
  for (const attachment of entry.attachments ?? [])
    if ((await unsealOne(entryId, attachment.id, attachment.hasThumbnail, mediaKey, signal)) === 'unopened')
      unopened++;
  return { unopened };
}

/** The switch-off step (plugged in by the profile's route for target 'standard'). */
export const mediaUnsealStep = {
  id: 'media-off',
  label: 'Photos, voice notes and videos',
  /** The entries to look through: every file's place is an entry. */
  count: async (signal?: AbortSignal) => (await entriesPage(1, signal)).total,

  async run(
    onProgress: (progress: { done: number; total: number }) => void,
    signal?: AbortSignal,
  ): Promise<{ converted: number; unreadable: number }> {
    const { user } = await getSession(signal);
    if (!user) throw new Error('Sign in again to finish switching private mode off.');
    const accountKey = keptAccountKey(user.id);
    if (!accountKey) throw new Error('Unlock your journal with your passphrase to go on.');
    let done = 0;
    let unreadable = 0;
    for (let page = 1; ; page++) {
      signal?.throwIfAborted();
      const answer = await entriesPage(page, signal);
      for (const entry of answer.entries) {
        if (hasMedia(entry)) {
          const { unopened } = await unsealEntryMedia(entry.id, accountKey, signal);
          if (unopened > 0) unreadable++;
        }
        done += 1;
        onProgress({ done, total: Math.max(answer.total, done) });
      }
      if (answer.entries.length < PAGE_SIZE) break;
    }
    return { converted: done - unreadable, unreadable };
  },
};
