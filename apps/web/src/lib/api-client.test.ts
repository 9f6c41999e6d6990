import { MediaDraft, PricingResponse } from '@daybook/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../test/browser-api-fakes.ts';
import { jsonResponse } from '../test/render.tsx';
import { ApiRequestError, apiRequest, apiUpload, NETWORK_ERROR_MESSAGE } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();
const pricing = {
  planId: 'p',
  planName: 'Premium',
  currency: 'GBP',
  monthly: { priceId: 'm', amount: 299, currency: 'GBP', interval: 'month' },
  annual: null,
};

async function caught(promise: Promise<unknown>): Promise<ApiRequestError> {
  const error = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('apiRequest', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('returns the answer parsed with its schema and sends JSON bodies', async () => {
    fetchMock.mockResolvedValue(jsonResponse(pricing));
    await expect(apiRequest('/api/pricing', { schema: PricingResponse })).resolves.toEqual(pricing);

    fetchMock.mockResolvedValue(jsonResponse(pricing));
    await apiRequest('/api/x', { schema: PricingResponse, method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[1]?.[1];
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it("turns the server's error body into an ApiRequestError with code and fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 'VALIDATION_FAILED', message: 'Invalid', fields: { email: 'Bad e-mail' } }, 400),
    );
    const error = await caught(apiRequest('/api/contact', { schema: PricingResponse }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', message: 'Invalid' });
    expect(error.fields).toEqual({ email: 'Bad e-mail' });
  });

  it('reports an unreachable server and a non-JSON failure plainly', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = await caught(apiRequest('/api/health', { schema: PricingResponse }));
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });

    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const gateway = await caught(apiRequest('/api/health', { schema: PricingResponse }));
    expect(gateway).toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('refuses an answer that does not match the schema', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ unexpected: true }));
    const error = await caught(apiRequest('/api/pricing', { schema: PricingResponse }));
    expect(error.code).toBe('INVALID_RESPONSE');
  });
});

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

function uploadForm(onProgress?: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', new Blob(['x'], { type: 'image/jpeg' }), 'photo.jpg');
  return apiUpload('/api/media/drafts?mediaType=image', {
    schema: MediaDraft,
    method: 'POST',
    body: form,
    ...(onProgress ? { onProgress } : {}),
    ...(signal ? { signal } : {}),
  });
}

describe('apiUpload', () => {
  it('POSTs the form, reports progress and answers the parsed draft', async () => {
    const xhr = fakeXhr();
    const fractions: number[] = [];
    const result = uploadForm((fraction) => fractions.push(fraction));
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
    const xhr = fakeXhr();
    const result = uploadForm();
    xhr.last.respond(413, { code: 'MEDIA_TOO_LARGE', message: 'Image size exceeds 5MB limit' });
    await expect(result).rejects.toMatchObject({
      status: 413,
      code: 'MEDIA_TOO_LARGE',
      message: 'Image size exceeds 5MB limit',
    });
    await expect(result).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('says when the server cannot be reached, or answers something else', async () => {
    const xhr = fakeXhr();
    const offline = uploadForm();
    xhr.last.fail();
    await expect(offline).rejects.toMatchObject({ code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });

    const odd = uploadForm();
    xhr.last.respond(502, undefined, 'Bad Gateway');
    await expect(odd).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: 'The server answered 502 Bad Gateway',
    });
  });

  it('PUTs a file as the raw body, with its type as Content-Type', async () => {
    const xhr = fakeXhr();
    const file = new Blob(['x'], { type: 'image/png' });
    const result = apiUpload('/api/me/avatar', { schema: MediaDraft, body: file });
    expect(xhr.last.method).toBe('PUT');
    expect(xhr.last.headers['Content-Type']).toBe('image/png');
    expect(xhr.last.body).toBe(file);
    xhr.last.respond(200, draft);
    expect(await result).toEqual(draft);
  });

  it('aborts with an AbortError', async () => {
    const xhr = fakeXhr();
    const controller = new AbortController();
    const result = uploadForm(undefined, controller.signal);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.last.isAborted).toBe(true);
  });
});
