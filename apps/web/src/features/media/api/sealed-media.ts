import {
  api,
  baseMimeType,
  type MediaDraft,
  type MediaKind,
  type ResealedMedia,
  type SealedMediaDraftQuery,
  sealMediaInBrowser,
} from '@daybook/shared';
import { uploadToApi } from '../../../lib/api-client.ts';

/*
 * Private mode's files (ADR 096): sealed in the browser under the account's media key (the container of ADR 081,
 * key kind 1) before they leave it, with their thumbnail sealed the same way. The server stores the bytes as they
 * come and serves them back unchanged; it never holds the key.
 */

/** Sealing is the first tenth of the bar (a pass of AES-GCM over the file), the upload the rest. */
const SEALING_SHARE = 0.1;

export type SealedUploadInput = {
  mediaType: MediaKind;
  file: Blob;
  /** A photo's or a video's thumbnail (WebP), made in the browser; sealed and sent beside the file. */
  thumbnail: { blob: Blob; width: number; height: number } | null;
  durationSeconds?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
  mediaKey: Uint8Array;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal | undefined;
};

/** POST /api/media/sealed-drafts: the file and its thumbnail sealed here, what the server cannot read declared. */
export async function uploadSealedMediaDraft(input: SealedUploadInput): Promise<MediaDraft> {
  const { mediaKey, onProgress, signal } = input;
  const sealed = await sealMediaInBrowser(input.file, mediaKey, {
    onProgress: (fraction) => onProgress?.(fraction * SEALING_SHARE),
  });
  const thumbnail = input.thumbnail ? await sealMediaInBrowser(input.thumbnail.blob, mediaKey) : null;
  signal?.throwIfAborted();
  const form = new FormData();
  form.append('file', sealed, 'sealed.bin');
  if (thumbnail) form.append('thumbnail', thumbnail, 'thumbnail.bin');
  const declared: SealedMediaDraftQuery = {
    mediaType: input.mediaType,
    mimeType: baseMimeType(input.file.type),
    durationSeconds:
      input.durationSeconds !== undefined && Number.isFinite(input.durationSeconds)
        ? input.durationSeconds
        : undefined,
    width: input.width,
    height: input.height,
    thumbWidth: input.thumbnail?.width,
    thumbHeight: input.thumbnail?.height,
  };
  return uploadToApi(api.media.uploadSealedDraft, {
    query: declared,
    body: form,
    onProgress: (fraction) => onProgress?.(SEALING_SHARE + fraction * (1 - SEALING_SHARE)),
    signal,
  });
}

/** PUT /api/entries/:id/media/sealed: an attachment's stored file replaced by the same bytes sealed here. */
export async function uploadResealed(
  entryId: string,
  attachmentId: string | null,
  sealed: Blob,
  thumbnail: { sealed: Blob; width: number; height: number } | null,
  signal?: AbortSignal,
): Promise<ResealedMedia> {
  const form = new FormData();
  form.append('file', sealed, 'sealed.bin');
  if (thumbnail) form.append('thumbnail', thumbnail.sealed, 'thumbnail.bin');
  return uploadToApi(api.media.reseal, {
    params: { id: entryId },
    query: {
      attachmentId: attachmentId ?? undefined,
      thumbWidth: thumbnail?.width,
      thumbHeight: thumbnail?.height,
    },
    body: form,
    signal,
  });
}
