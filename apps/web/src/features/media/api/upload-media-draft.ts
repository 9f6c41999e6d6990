import { api, type MediaKind } from '@daybook/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, uploadToApi } from '../../../lib/api-client.ts';

export type UploadMediaDraftInput = {
  mediaType: MediaKind;
  file: Blob;
  fileName: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * POST /api/media/drafts?mediaType=… with the file in the multipart field `file`; the server checks it
 * again and answers the draft whose id the entry is then created with (docs/product/entries.md#entries-create).
 */
export function uploadMediaDraft({ mediaType, file, fileName, onProgress, signal }: UploadMediaDraftInput) {
  const form = new FormData();
  form.append('file', file, fileName);
  return uploadToApi(api.media.uploadDraft, { query: { mediaType }, body: form, onProgress, signal });
}

/**
 * PUT /api/media/drafts/:id/poster with one of the frames sampled for moderation: the video's poster on its card
 * and in the viewer. A video without one still saves; the card then shows its icon.
 */
export function uploadVideoPoster(draftId: string, poster: string, signal?: AbortSignal) {
  return callApi(api.media.setPoster, { params: { id: draftId }, body: { poster }, signal });
}

/** As a mutation, so that a session found gone during the upload is handled like any other call. */
export function useUploadMediaDraft() {
  return useMutation({ mutationFn: uploadMediaDraft, retry: false });
}
