import { type Entry, MEDIA_MESSAGES, type SignedMediaUrl, type SignedThumbnailUrl } from '@daybook/shared';
import { onlineManager } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_COPY, withStore } from '../../lib/offline/idb.ts';
import { rememberOfflineUser } from '../../lib/session/offline-user.ts';
import { callsTo, json, sessionUser, stubApi } from '../../test/api.ts';
import { fakeMediaElements, fakeObjectUrls } from '../../test/browser-api-fakes.ts';
import { storeTestEntryKey } from '../../test/entries.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { keptEntryId } from './api/media-copy.ts';
import { PHOTO_ALT } from './components/PhotoMemory.tsx';
import { VOICE_NOTE_COPY } from './components/VoiceNote.tsx';
import { EntryMediaPreview, type EntryMediaPreviewProps } from './index.ts';

const ENTRY = '22222222-2222-4222-8222-222222222222';
const NEVER_OPENED = '33333333-3333-4333-8333-333333333333';
const routes = (entryId: string) => ({
  media: `GET /api/entries/${entryId}/media-url`,
  thumbnail: `GET /api/entries/${entryId}/thumbnail-url`,
});

const full: SignedMediaUrl = {
  url: '/api/media/file?path=full&signature=y',
  expiresAt: '2026-11-29T12:00:00Z',
  mediaType: 'image',
  mimeType: 'image/jpeg',
};
const thumbnail: SignedThumbnailUrl = {
  url: '/api/media/file?path=thumb&signature=z',
  expiresAt: '2026-11-29T18:00:00Z',
  width: 320,
  height: 213,
};
/** The photo's and the thumbnail's bytes as the server serves them (a JPEG's and a WebP's first bytes). */
const photoBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 1, 2, 3, 4]);
const thumbBytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0x10, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 9, 8]);

const entryOf = (
  id: string,
  contentType: Entry['contentType'] = 'image',
): EntryMediaPreviewProps['entry'] => ({
  id,
  contentType,
  mediaUrl: `u/2026-11-28/${id}.jpg`,
  hasThumbnail: true,
  thumbnailSize: { width: 320, height: 213 },
  createdAt: '2026-11-28T15:04:00Z',
  timeZone: 'UTC',
  text: 'The pier at dusk',
});

/** The network is down: every request fails as fetch fails without one. */
const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

const keptCount = async () =>
  (await withStore<number>(MEDIA_COPY, 'readonly', (store) => store.count())) ?? 0;

/** Online: the photo's links answer and its files are served, as /api/media/file serves them. */
function online() {
  const { media, thumbnail: thumb } = routes(ENTRY);
  return stubApi({
    [media]: json(full),
    [thumb]: json(thumbnail),
    'GET /api/media/file': ({ url }) =>
      url.searchParams.get('path') === 'full'
        ? new Response(photoBytes, { headers: { 'Content-Type': 'image/jpeg' } })
        : new Response(thumbBytes, { headers: { 'Content-Type': 'image/webp' } }),
  });
}

/** Opens the photo online (its full picture loads on the card) and waits until it is kept. */
async function openOnline() {
  const fetchMock = online();
  const { unmount } = renderWithProviders(<EntryMediaPreview entry={entryOf(ENTRY)} />);
  const button = await screen.findByRole('button', { name: PHOTO_ALT });
  await waitFor(() => expect(button.querySelector('[data-layer="full"]')).toBeTruthy());
  fireEvent.load(button.querySelector('[data-layer="thumbnail"]') as HTMLImageElement);
  fireEvent.load(button.querySelector('[data-layer="full"]') as HTMLImageElement);
  await waitFor(async () => expect(await keptCount()).toBe(2));
  // Kept from the files the page had shown: each downloaded once, after it was displayed.
  expect(callsTo(fetchMock, 'GET /api/media/file')).toHaveLength(2);
  unmount();
}

beforeEach(async () => {
  rememberOfflineUser(sessionUser);
  await storeTestEntryKey();
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('media offline (ADR 093)', () => {
  it('shows a photo opened before from the copy when its links cannot be had, and revokes its URLs when it goes', async () => {
    await openOnline();
    const urls = fakeObjectUrls();
    const { media, thumbnail: thumb } = routes(ENTRY);
    stubApi({ [media]: noNetwork, [thumb]: noNetwork });
    const { unmount } = renderWithProviders(<EntryMediaPreview entry={entryOf(ENTRY)} />);
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() =>
      expect(button.querySelector('[data-layer="full"]')?.getAttribute('src')).toMatch(/^blob:/),
    );
    const shownFull = button.querySelector('[data-layer="full"]')?.getAttribute('src') as string;
    const shownThumb = button.querySelector('[data-layer="thumbnail"]')?.getAttribute('src') as string;
    expect(shownThumb).toMatch(/^blob:/);
    // The very bytes the server served, with their type.
    const fullBlob = urls.created.get(shownFull) as Blob;
    expect(fullBlob.type).toBe('image/jpeg');
    expect(Array.from(new Uint8Array(await fullBlob.arrayBuffer()))).toEqual(Array.from(photoBytes));
    expect(Array.from(new Uint8Array(await (urls.created.get(shownThumb) as Blob).arrayBuffer()))).toEqual(
      Array.from(thumbBytes),
    );
    fireEvent.load(button.querySelector('[data-layer="full"]') as HTMLImageElement);
    expect(button.dataset.state).toBe('full');

    // The viewer opens it too, with Download saving the kept file.
    fireEvent.click(button);
    const viewer = await screen.findByRole('dialog', { name: 'Media Viewer' });
    const image = await within(viewer).findByRole('img', { name: 'Attached image' });
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    expect(within(viewer).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      image.getAttribute('src'),
    );
    fireEvent.keyDown(viewer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    unmount();
    for (const url of urls.created.keys()) expect(urls.revoked).toContain(url);
  });

  it('reads the copy while the browser says it is offline (the queries wait for a network)', async () => {
    await openOnline();
    fakeObjectUrls();
    const fetchMock = stubApi({});
    onlineManager.setOnline(false);
    renderWithProviders(<EntryMediaPreview entry={entryOf(ENTRY)} />);
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() =>
      expect(button.querySelector('[data-layer="full"]')?.getAttribute('src')).toMatch(/^blob:/),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the placeholder for a photo never opened here, and keeps nothing offline', async () => {
    await openOnline();
    const { media, thumbnail: thumb } = routes(NEVER_OPENED);
    stubApi({ [media]: noNetwork, [thumb]: noNetwork });
    renderWithProviders(<EntryMediaPreview entry={entryOf(NEVER_OPENED)} />);
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() => expect(button.dataset.state).toBe('failed'));
    expect(button.querySelector('img')).toBeNull();
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unavailable);
    expect(await keptCount()).toBe(2);
  });
  it('plays a voice note played before from the copy, and says quietly that one never played is unavailable', async () => {
    const voiceBytes = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 7, 7, 7]);
    const note = {
      ...full,
      url: '/api/media/file?path=note&signature=n',
      mediaType: 'audio',
      mimeType: 'audio/webm',
    } as const;
    fakeMediaElements({ duration: 6.8 });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const { media } = routes(ENTRY);
    stubApi({
      [media]: json(note),
      'GET /api/media/file': () => new Response(voiceBytes, { headers: { 'Content-Type': 'audio/webm' } }),
    });
    const first = renderWithProviders(<EntryMediaPreview entry={entryOf(ENTRY, 'audio')} />);
    const play = await screen.findByRole('button', { name: VOICE_NOTE_COPY.play });
    await waitFor(() => expect((play as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(play);
    await waitFor(async () => expect(await keptCount()).toBe(1));
    first.unmount();

    const urls = fakeObjectUrls();
    const never = routes(NEVER_OPENED);
    stubApi({ [media]: noNetwork, [never.media]: noNetwork });
    const { container } = renderWithProviders(
      <>
        <EntryMediaPreview entry={entryOf(ENTRY, 'audio')} />
        <EntryMediaPreview entry={{ ...entryOf(NEVER_OPENED, 'audio') }} />
      </>,
    );
    await waitFor(() => expect(container.querySelector('audio')?.getAttribute('src')).toMatch(/^blob:/));
    const src = container.querySelector('audio')?.getAttribute('src') as string;
    expect((urls.created.get(src) as Blob).type).toBe('audio/webm');
    expect(await screen.findByText(MEDIA_MESSAGES.unavailable)).toBeTruthy();
    // The list's one offline notice says why: no alert per card.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelectorAll('audio')).toHaveLength(1);
  });
  it("keeps only the signed-in person's own entries' files, named by their entry", () => {
    expect(keptEntryId(`/api/entries/${ENTRY}/media-url`)).toBe(ENTRY);
    expect(keptEntryId(`/api/entries/${ENTRY}/thumbnail-url`)).toBe(ENTRY);
    expect(keptEntryId(`/api/entries/${ENTRY}/attachments/a-2/media-url`)).toBe(ENTRY);
    expect(keptEntryId(`/api/entries/${ENTRY}/attachments/a-2/thumbnail-url`)).toBe(ENTRY);
    for (const other of [
      '/api/share/tok/media-url',
      `/api/entries/${ENTRY}`,
      `/api/entries/${ENTRY}/media-url?x=1`,
    ]) {
      expect(keptEntryId(other)).toBeNull();
    }
  });
});
