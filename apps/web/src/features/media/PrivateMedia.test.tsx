import {
  deriveMediaKeyV2,
  importAccountKey,
  isMediaContainer,
  MEDIA_MESSAGES,
  type MediaDraft,
  openMediaInBrowser,
  type PlanFeatures,
  PRIVATE_MEDIA_MESSAGES,
  randomKeyBytes,
  sealMediaInBrowser,
} from '@daybook/shared';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { rememberOfflineUser } from '../../lib/session/offline-user.ts';
import { callsTo, json, sessionUser, stubApi } from '../../test/api.ts';
import {
  fakeCanvas,
  fakeImageDecoding,
  fakeIntersectionObserver,
  fakeMediaElements,
  fakeModerationWorker,
  fakeObjectUrls,
  fakeXhr,
} from '../../test/browser-api-fakes.ts';
import { sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { readKeptFile } from './api/media-copy.ts';
import { PHOTO_ALT } from './components/PhotoMemory.tsx';
import {
  AttachMediaButton,
  EntryMediaPreview,
  type EntryMediaPreviewProps,
  resealEntryMediaForPrivateMode,
  useMediaAttachment,
} from './index.ts';

/*
 * Private mode's media in the browser (ADR 096): files sealed under the account key open with it in the previews
 * and the viewer and are locked without it; a chosen file is moderated by the browser's own model, thumbnailed and
 * sealed before it is sent, and the server is asked nothing about its content.
 */

const ENTRY = '22222222-2222-4222-8222-222222222222';
const MEDIA_URL = `GET /api/entries/${ENTRY}/media-url`;
const THUMBNAIL_URL = `GET /api/entries/${ENTRY}/thumbnail-url`;

/** A real 2×2 PNG, as a person's photo would be: what is sealed and must come back byte for byte. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAwMDAwMDAwAAAEAAB1fVb4wAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const THUMB = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

const premium: PlanFeatures = {
  text_entries: true,
  image_entries: true,
  audio_entries: true,
  video_entries: true,
  daily_entry_limit: 50,
  ai_insights_limit: 10,
  ai_coaching_limit: 10,
  ai_future_chat_limit: 10,
  can_share_entries: true,
  can_send_future_messages: true,
};

type PreviewEntry = EntryMediaPreviewProps['entry'];
const photoEntry: PreviewEntry = {
  id: ENTRY,
  contentType: 'image',
  mediaUrl: `u/2026-11-29/${ENTRY}.png`,
  hasThumbnail: true,
  thumbnailSize: { width: 2, height: 2 },
  createdAt: '2026-11-29T10:00:00Z',
  timeZone: 'UTC',
  text: 'A private photo',
};
const noteEntry: PreviewEntry = {
  ...photoEntry,
  contentType: 'audio',
  mediaUrl: `u/2026-11-29/${ENTRY}.webm`,
  hasThumbnail: false,
  thumbnailSize: null,
};

let accountKey: Uint8Array<ArrayBuffer>;
let mediaKey: Uint8Array<ArrayBuffer>;

beforeEach(async () => {
  forgetAccountKeys();
  rememberOfflineUser(sessionUser);
  accountKey = randomKeyBytes();
  mediaKey = await deriveMediaKeyV2(await importAccountKey(accountKey));
});

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** The server's answers for a private photo: links marked sealedByUser, and the stored containers behind them. */
async function stubSealedPhoto() {
  const sealedFull = await bytesOf(await sealMediaInBrowser(PNG, mediaKey));
  const sealedThumb = await bytesOf(await sealMediaInBrowser(THUMB, mediaKey));
  return stubApi({
    [MEDIA_URL]: json({
      url: '/api/media/file?path=full&signature=x',
      expiresAt: '2026-11-29T11:00:00Z',
      mediaType: 'image',
      mimeType: 'image/png',
      sealedByUser: true,
    }),
    [THUMBNAIL_URL]: json({
      url: '/api/media/file?path=thumb&signature=y',
      expiresAt: '2026-11-29T18:00:00Z',
      width: 2,
      height: 2,
      sealedByUser: true,
    }),
    'GET /api/media/file': ({ url }) =>
      new Response(url.searchParams.get('path') === 'thumb' ? sealedThumb : sealedFull, {
        headers: { 'content-type': 'application/octet-stream' },
      }),
  });
}

describe('reading media sealed under the account key', () => {
  it('opens the thumbnail and the photo with the unlocked key and shows them through object URLs', async () => {
    const urls = fakeObjectUrls();
    keepAccountKey(sessionUser.id, accountKey);
    await stubSealedPhoto();
    renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient: createTestQueryClient() });
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() => expect(button.querySelector('[data-layer="full"]')).toBeTruthy());
    const thumb =
      button.querySelector<HTMLImageElement>('[data-layer="thumbnail"]')?.getAttribute('src') ?? '';
    const full = button.querySelector<HTMLImageElement>('[data-layer="full"]')?.getAttribute('src') ?? '';
    expect(thumb).toMatch(/^blob:/);
    expect(full).toMatch(/^blob:/);
    expect(await bytesOf(urls.created.get(full)!)).toEqual(PNG);
    expect(urls.created.get(full)?.type).toBe('image/png');
    expect(await bytesOf(urls.created.get(thumb)!)).toEqual(THUMB);
  });

  it('the viewer opens it with the key too, and its Download saves the opened file', async () => {
    const urls = fakeObjectUrls();
    keepAccountKey(sessionUser.id, accountKey);
    await stubSealedPhoto();
    renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient: createTestQueryClient() });
    fireEvent.click(await screen.findByRole('button', { name: PHOTO_ALT }));
    const viewer = await screen.findByRole('dialog', { name: 'Media Viewer' });
    const image = await within(viewer).findByRole('img', { name: 'Attached image' });
    const src = image.getAttribute('src') ?? '';
    expect(src).toMatch(/^blob:/);
    expect(await bytesOf(urls.created.get(src)!)).toEqual(PNG);
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(src);
  });

  it('the viewer shows the locked words without the key', async () => {
    fakeObjectUrls();
    await stubSealedPhoto();
    renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient: createTestQueryClient() });
    fireEvent.click(await screen.findByRole('button', { name: PHOTO_ALT }));
    const viewer = await screen.findByRole('dialog', { name: 'Media Viewer' });
    expect((await within(viewer).findByRole('alert')).textContent).toBe(PRIVATE_MEDIA_MESSAGES.locked);
  });

  it('shows the locked words, not the file, while private mode is not unlocked in this browser', async () => {
    fakeObjectUrls();
    await stubSealedPhoto();
    renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient: createTestQueryClient() });
    expect(await screen.findByText(PRIVATE_MEDIA_MESSAGES.locked)).toBeTruthy();
    expect(document.querySelector('img[src^="blob:"]')).toBeNull();
  });

  it('a voice note says it is locked; under another account key it is unavailable, never shown', async () => {
    fakeObjectUrls();
    fakeMediaElements({ duration: 3 });
    await stubSealedPhoto();
    const first = renderWithProviders(<EntryMediaPreview entry={noteEntry} />, {
      queryClient: createTestQueryClient(),
    });
    expect(await screen.findByText(PRIVATE_MEDIA_MESSAGES.locked)).toBeTruthy();
    first.unmount();

    keepAccountKey(sessionUser.id, randomKeyBytes());
    renderWithProviders(<EntryMediaPreview entry={noteEntry} />, { queryClient: createTestQueryClient() });
    expect(await screen.findByText(MEDIA_MESSAGES.unavailable)).toBeTruthy();
    expect(document.querySelector('audio[src^="blob:"]')).toBeNull();
  });
});

describe('a page of private media opens only what comes near the screen', () => {
  const fileRequests = (fetchMock: Awaited<ReturnType<typeof stubSealedPhoto>>) =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/media/file')
      .map((url) => url.searchParams.get('path'));

  it('a photo far below the screen downloads its full file only as it nears', async () => {
    fakeObjectUrls();
    const observer = fakeIntersectionObserver();
    keepAccountKey(sessionUser.id, accountKey);
    const fetchMock = await stubSealedPhoto();
    renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient: createTestQueryClient() });
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() => expect(button.querySelector('[data-layer="thumbnail"]')).toBeTruthy());
    expect(fileRequests(fetchMock)).toEqual(['thumb']);
    expect(callsTo(fetchMock, MEDIA_URL)).toHaveLength(0);

    act(() => observer.nearing(true));
    await waitFor(() => expect(button.querySelector('[data-layer="full"]')).toBeTruthy());
    expect(fileRequests(fetchMock)).toEqual(['thumb', 'full']);
  });

  it("a video's card shows its poster and leaves the sealed video to the viewer", async () => {
    fakeObjectUrls();
    fakeMediaElements({ duration: 30 });
    keepAccountKey(sessionUser.id, accountKey);
    const fetchMock = await stubSealedPhoto();
    const videoEntry: PreviewEntry = {
      ...photoEntry,
      contentType: 'video',
      mediaUrl: `u/2026-11-29/${ENTRY}.mp4`,
    };
    renderWithProviders(<EntryMediaPreview entry={videoEntry} />, { queryClient: createTestQueryClient() });
    const button = await screen.findByRole('button', { name: 'Play video' });
    await waitFor(() => expect(button.querySelector('img[src^="blob:"]')).toBeTruthy());
    await waitFor(() => expect(callsTo(fetchMock, MEDIA_URL)).toHaveLength(1));
    expect(button.querySelector('video')).toBeNull();
    expect(fileRequests(fetchMock)).toEqual(['thumb']);
  });
});

describe('the offline copy of a file sealed under the account key', () => {
  it('keeps the stored container, not the plaintext, and opens it with the key when there is no network', async () => {
    await storeTestEntryKey();
    keepAccountKey(sessionUser.id, accountKey);
    const urls = fakeObjectUrls();
    await stubSealedPhoto();
    const queryClient = createTestQueryClient();
    const online = renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient });
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() => expect(button.querySelector('[data-layer="full"]')).toBeTruthy());
    fireEvent.load(button.querySelector('[data-layer="full"]') as HTMLImageElement);
    const mediaPath = `/api/entries/${ENTRY}/media-url`;
    let kept: Awaited<ReturnType<typeof readKeptFile>> = null;
    await waitFor(async () => {
      kept = await readKeptFile(queryClient, mediaPath);
      expect(kept).not.toBeNull();
    });
    const keptBytes = await bytesOf(kept!.blob);
    expect(isMediaContainer(keptBytes)).toBe(true);
    expect(keptBytes[9]).toBe(1);
    online.unmount();

    const fetchMock = stubApi({});
    onlineManager.setOnline(false);
    try {
      renderWithProviders(<EntryMediaPreview entry={photoEntry} />, { queryClient: createTestQueryClient() });
      const offline = await screen.findByRole('button', { name: PHOTO_ALT });
      await waitFor(() => {
        const src = offline.querySelector('[data-layer="full"]')?.getAttribute('src') ?? '';
        expect(urls.created.get(src)?.type).toBe('image/png');
      });
      const src = offline.querySelector('[data-layer="full"]')?.getAttribute('src') as string;
      expect(await bytesOf(urls.created.get(src)!)).toEqual(PNG);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

function Harness() {
  const media = useMediaAttachment();
  return (
    <div>
      <AttachMediaButton {...media.controlProps} />
      <output aria-label="Draft">{media.mediaDraftId ?? 'none'}</output>
    </div>
  );
}

const draft: MediaDraft = {
  id: 'draft-private',
  mediaType: 'image',
  mimeType: 'image/png',
  fileSizeBytes: PNG.length,
  durationSeconds: null,
  width: 2,
  height: 2,
  moderation: null,
  createdAt: '2026-11-29T10:00:00Z',
};

async function choosePhoto() {
  const fetchMock = stubApi({ 'GET /api/me/plan-features': json(premium) });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(['plan-features'], premium);
  renderWithProviders(<Harness />, { path: '/dashboard', queryClient });
  fireEvent.click(screen.getByRole('button', { name: 'Attach media' }));
  await screen.findByRole('dialog', { name: 'Attach media' });
  const input = document.querySelector<HTMLInputElement>('input[data-media-input="image"]');
  fireEvent.change(input!, { target: { files: [new File([PNG], 'harbour.png', { type: 'image/png' })] } });
  return fetchMock;
}

describe('attaching a file in private mode', () => {
  beforeEach(() => {
    fakeObjectUrls();
    fakeImageDecoding({ width: 2, height: 2 });
    fakeCanvas();
    keepAccountKey(sessionUser.id, accountKey);
  });

  it("moderates in the browser's worker, seals the photo and its thumbnail, and sends only containers of key kind 1", async () => {
    const worker = fakeModerationWorker(() => [
      { className: 'Neutral', probability: 0.97 },
      { className: 'Drawing', probability: 0.02 },
      { className: 'Sexy', probability: 0.01 },
    ]);
    const xhr = fakeXhr();
    const fetchMock = await choosePhoto();

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    // Started by the first file chosen in private mode (a page keeps it for the next).
    if (worker.scripts.length > 0) expect(worker.scripts[0]).toMatch(/image-classifier\.worker/);
    expect(await bytesOf(worker.images[0]!)).toEqual(PNG);
    // Nothing of the photo went to the server's moderation.
    expect(callsTo(fetchMock, 'POST /api/moderation/image')).toHaveLength(0);
    expect(xhr.last.url).toMatch(/^\/api\/media\/sealed-drafts\?/);
    const query = new URLSearchParams(xhr.last.url.split('?')[1]);
    expect(Object.fromEntries(query)).toMatchObject({
      mediaType: 'image',
      mimeType: 'image/png',
      width: '2',
    });
    const form = xhr.last.body as FormData;
    for (const field of ['file', 'thumbnail']) {
      const sent = await bytesOf(form.get(field) as Blob);
      expect(isMediaContainer(sent), field).toBe(true);
      expect(sent[9], `${field}: key kind 1`).toBe(1);
    }
    const sentFile = await bytesOf(form.get('file') as Blob);
    expect(sentFile.length).toBeGreaterThan(PNG.length);
    expect(new TextDecoder('latin1').decode(sentFile)).not.toContain('IHDR');

    act(() => xhr.last.respond(201, draft));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Draft', hidden: true }).textContent).toBe(draft.id),
    );
  });

  it("refuses a photo the browser's model finds explicit with the spec's message, and sends nothing", async () => {
    fakeModerationWorker(() => [
      { className: 'Porn', probability: 0.91 },
      { className: 'Neutral', probability: 0.09 },
    ]);
    const xhr = fakeXhr();
    await choosePhoto();
    expect(await screen.findByText(MEDIA_MESSAGES.imageHigh)).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);
  });
});

describe('attaching a video in private mode', () => {
  async function chooseVideo() {
    stubApi({ 'GET /api/me/plan-features': json(premium) });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['plan-features'], premium);
    renderWithProviders(<Harness />, { path: '/dashboard', queryClient });
    fireEvent.click(screen.getByRole('button', { name: 'Attach media' }));
    await screen.findByRole('dialog', { name: 'Attach media' });
    fireEvent.click(screen.getByRole('tab', { name: 'Video' }));
    const input = document.querySelector<HTMLInputElement>('input[data-media-input="video"]');
    fireEvent.change(input!, {
      target: { files: [new File(['a clip'], 'clip.mp4', { type: 'video/mp4' })] },
    });
  }

  beforeEach(() => {
    fakeObjectUrls();
    fakeMediaElements({ duration: 30 });
    fakeCanvas();
    fakeImageDecoding({ width: 1280, height: 720 });
    keepAccountKey(sessionUser.id, accountKey);
  });

  it('moderates its five frames in the worker, and sends the video and its poster sealed, with its length', async () => {
    const worker = fakeModerationWorker(() => [{ className: 'Neutral', probability: 0.99 }]);
    const xhr = fakeXhr();
    await chooseVideo();
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(worker.images).toHaveLength(5);
    const query = new URLSearchParams(xhr.last.url.split('?')[1]);
    expect(Object.fromEntries(query)).toMatchObject({
      mediaType: 'video',
      mimeType: 'video/mp4',
      durationSeconds: '30',
    });
    const form = xhr.last.body as FormData;
    for (const field of ['file', 'thumbnail']) {
      const sent = await bytesOf(form.get(field) as Blob);
      expect(isMediaContainer(sent), field).toBe(true);
      expect(sent[9], field).toBe(1);
    }
  });

  it('refuses a video whose worst frame the model finds explicit', async () => {
    let frame = 0;
    fakeModerationWorker(() =>
      ++frame === 3
        ? [{ className: 'Hentai', probability: 0.95 }]
        : [{ className: 'Neutral', probability: 0.99 }],
    );
    const xhr = fakeXhr();
    await chooseVideo();
    expect(await screen.findByText(MEDIA_MESSAGES.videoHigh)).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);
  });
});

describe('re-sealing an entry for switching on', () => {
  it("downloads the photo and its thumbnail through the owner's links, seals both under the account key and sends them to replace the server's", async () => {
    const entry = await sealedEntry('before private mode', {
      id: ENTRY,
      contentType: 'image',
      mediaUrl: `u/2026-11-29/${ENTRY}.png`,
      thumbnailSize: { width: 2, height: 2 },
    });
    stubApi({
      [`GET /api/entries/${ENTRY}`]: json(entry),
      [MEDIA_URL]: json({
        url: '/api/media/file?path=full&signature=x',
        expiresAt: '2026-11-29T11:00:00Z',
        mediaType: 'image',
        mimeType: 'image/png',
      }),
      [THUMBNAIL_URL]: json({
        url: '/api/media/file?path=thumb&signature=y',
        expiresAt: '2026-11-29T18:00:00Z',
        width: 2,
        height: 2,
      }),
      'GET /api/media/file': ({ url }) =>
        new Response(url.searchParams.get('path') === 'thumb' ? THUMB : PNG),
    });
    const xhr = fakeXhr();
    const running = resealEntryMediaForPrivateMode(ENTRY, accountKey);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(xhr.last.method).toBe('PUT');
    expect(xhr.last.url).toBe(`/api/entries/${ENTRY}/media/sealed?thumbWidth=2&thumbHeight=2`);
    const form = xhr.last.body as FormData;
    const file = form.get('file') as Blob;
    const thumbnail = form.get('thumbnail') as Blob;
    expect((await bytesOf(file))[9]).toBe(1);
    expect(await bytesOf(await openMediaInBrowser(file, mediaKey))).toEqual(PNG);
    expect(await bytesOf(await openMediaInBrowser(thumbnail, mediaKey))).toEqual(THUMB);
    xhr.last.respond(200, { resealed: true });
    expect(await running).toEqual({ resealed: 1, alreadySealed: 0 });
  });

  it('leaves a file already under the account key alone, so that a stopped run can be run again', async () => {
    const entry = await sealedEntry('sealed already', {
      id: ENTRY,
      contentType: 'audio',
      mediaUrl: `u/2026-11-29/${ENTRY}.webm`,
    });
    stubApi({
      [`GET /api/entries/${ENTRY}`]: json(entry),
      [MEDIA_URL]: json({
        url: '/api/media/file?path=full&signature=x',
        expiresAt: '2026-11-29T11:00:00Z',
        mediaType: 'audio',
        mimeType: 'audio/webm',
        sealedByUser: true,
      }),
    });
    const xhr = fakeXhr();
    expect(await resealEntryMediaForPrivateMode(ENTRY, accountKey)).toEqual({
      resealed: 0,
      alreadySealed: 1,
    });
    expect(xhr.requests).toHaveLength(0);
  });
});
