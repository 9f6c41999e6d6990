import { MediaDraft } from '@daybook/shared';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '../api-client.ts';
import { apiFormUpload } from './form-upload.ts';
import { stubXhr } from './test-stubs.ts';

const draft: MediaDraft = {
  id: 'draft-1',
  mediaType: 'image',
  mimeType: 'image/jpeg',
  fileSizeBytes: 10,
  durationSeconds: null,
  width: 10,
  height: 10,
  moderation: { severity: 'safe', flags: [] },
  createdAt: '2026-11-01T10:00:00Z',
};

function upload(onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'photo.jpg');
  return apiFormUpload('/api/media/drafts?mediaType=image', {
    schema: MediaDraft,
    form,
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}

describe('apiFormUpload', () => {
  it('POSTs the form, reports progress and answers the parsed draft', async () => {
    const xhr = stubXhr();
    const fractions: number[] = [];
    const result = upload((fraction) => fractions.push(fraction));
    expect(xhr.last.method).toBe('POST');
    expect(xhr.last.url).toBe('/api/media/drafts?mediaType=image');
    expect(xhr.last.headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
    expect(xhr.last.file?.name).toBe('photo.jpg');
    xhr.last.progress(25, 100);
    xhr.last.progress(75, 100);
    xhr.last.respond(201, draft);
    expect(await result).toEqual(draft);
    expect(fractions).toEqual([0.25, 0.75, 1]);
  });

  it("turns the server's error into an ApiRequestError with its code and message", async () => {
    const xhr = stubXhr();
    const result = upload();
    xhr.last.respond(413, { code: 'MEDIA_TOO_LARGE', message: 'Image size exceeds 5MB limit' });
    await expect(result).rejects.toMatchObject({
      status: 413,
      code: 'MEDIA_TOO_LARGE',
      message: 'Image size exceeds 5MB limit',
    });
    await expect(result).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('says when the server cannot be reached, or answers something else', async () => {
    const xhr = stubXhr();
    const offline = upload();
    xhr.last.fail();
    await expect(offline).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });

    const odd = upload();
    xhr.last.respond(502, undefined, 'Bad Gateway');
    await expect(odd).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: 'The server answered 502 Bad Gateway',
    });
  });

  it('aborts with an AbortError', async () => {
    const xhr = stubXhr();
    const controller = new AbortController();
    const result = upload(undefined, controller.signal);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.last.isAborted).toBe(true);
  });
});
