import { type Entry, MEDIA_MESSAGES, type SignedMediaUrl, type SignedThumbnailUrl } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { fakeMediaElements } from '../../test/browser-api-fakes.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { PHOTO_ALT } from './components/PhotoMemory.tsx';
import { PLAY_VIDEO } from './components/VideoMemory.tsx';
import { VOICE_NOTE_COPY } from './components/VoiceNote.tsx';
import { EntryMediaPreview, type EntryMediaPreviewProps, MediaItemPreview } from './index.ts';

const ENTRY = '11111111-1111-4111-8111-111111111111';
const MEDIA_URL = `GET /api/entries/${ENTRY}/media-url`;
const THUMBNAIL_URL = `GET /api/entries/${ENTRY}/thumbnail-url`;

const full: SignedMediaUrl = {
  url: '/api/media/file?path=full&signature=y',
  expiresAt: '2026-11-01T11:00:00Z',
  mediaType: 'image',
  mimeType: 'image/jpeg',
};
const thumbnail: SignedThumbnailUrl = {
  url: '/api/media/file?path=thumb&signature=z',
  expiresAt: '2026-11-01T18:00:00Z',
  width: 320,
  height: 213,
};

type PreviewEntry = EntryMediaPreviewProps['entry'];
const entryOf = (contentType: Entry['contentType'], overrides: Partial<PreviewEntry> = {}): PreviewEntry => ({
  id: ENTRY,
  contentType,
  mediaUrl: `u/2026-11-28/${ENTRY}.${contentType === 'image' ? 'jpg' : 'webm'}`,
  hasThumbnail: contentType !== 'audio',
  thumbnailSize: contentType === 'audio' ? null : { width: 320, height: 213 },
  createdAt: '2026-11-28T15:04:00Z',
  timeZone: 'UTC',
  text: 'The harbour at **low** tide\n\nWe sat on the wall.',
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EntryMediaPreview', () => {
  it('shows a photo at the card width and its own aspect, the thumbnail first, then the full picture', async () => {
    const fetchMock = stubApi({ [THUMBNAIL_URL]: json(thumbnail), [MEDIA_URL]: json(full) });
    const queryClient = createTestQueryClient();
    const { container } = renderWithProviders(<EntryMediaPreview entry={entryOf('image')} />, {
      queryClient,
    });
    // Before its code has loaded, the frame already stands at the photo's shape: nothing moves later.
    const skeleton = container.firstElementChild as HTMLElement;
    expect(skeleton.style.aspectRatio).toBe('320 / 213');

    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.style.aspectRatio).toBe('320 / 213');
    expect(button.className).toContain('w-full');
    expect(button.className).toContain('rounded-xl');
    expect(button.className).toMatch(/max-h-/);
    expect(within(button).getByRole('img', { name: PHOTO_ALT })).toBeTruthy();

    await waitFor(() => expect(button.querySelector('[data-layer="full"]')).toBeTruthy());
    const shown = button.querySelector<HTMLImageElement>('[data-layer="thumbnail"]');
    const large = button.querySelector<HTMLImageElement>('[data-layer="full"]');
    expect(shown?.getAttribute('src')).toBe(thumbnail.url);
    expect(large?.getAttribute('src')).toBe(full.url);
    for (const image of [shown, large]) {
      expect(image?.getAttribute('loading')).toBe('lazy');
      expect(image?.getAttribute('decoding')).toBe('async');
      expect(image?.getAttribute('alt')).toBe('');
    }
    expect(button.dataset.state).toBe('loading');
    fireEvent.load(shown as HTMLImageElement);
    expect(button.dataset.state).toBe('thumbnail');
    expect(large?.className).toContain('opacity-0');
    fireEvent.load(large as HTMLImageElement);
    expect(button.dataset.state).toBe('full');
    expect(large?.className).toContain('opacity-100');
    expect(callsTo(fetchMock, THUMBNAIL_URL)).toHaveLength(1);
    const query = queryClient.getQueryCache().find({ queryKey: ['thumbnail-url', THUMBNAIL_URL.slice(4)] });
    expect(query?.options).toMatchObject({ staleTime: 5 * 3600_000, gcTime: 5.5 * 3600_000 });
  });

  it("learns an older photo's aspect from its thumbnail's answer", async () => {
    stubApi({ [THUMBNAIL_URL]: json({ ...thumbnail, width: 240, height: 320 }), [MEDIA_URL]: json(full) });
    renderWithProviders(<EntryMediaPreview entry={entryOf('image', { thumbnailSize: null })} />);
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() => expect(button.style.aspectRatio).toBe('240 / 320'));
  });

  it('shows an icon when neither picture can be had, and still opens the viewer', async () => {
    stubApi({
      [THUMBNAIL_URL]: apiError(404, 'NOT_FOUND', MEDIA_MESSAGES.unavailable),
      [MEDIA_URL]: apiError(404, 'NOT_FOUND', MEDIA_MESSAGES.unavailable),
    });
    renderWithProviders(<EntryMediaPreview entry={entryOf('image', { thumbnailSize: null })} />);
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    expect(button.style.aspectRatio).toBe('4 / 3');
    await waitFor(() => expect(button.dataset.state).toBe('failed'));
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('svg')).toBeTruthy();
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unavailable);
  });

  it('shows a voice note with its length and a play button that plays it on the card', async () => {
    fakeMediaElements({ duration: 6.8 });
    let isPaused = true;
    vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => isPaused);
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      isPaused = false;
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      isPaused = true;
      this.dispatchEvent(new Event('pause'));
    });
    stubApi({ [MEDIA_URL]: json({ ...full, mediaType: 'audio', mimeType: 'audio/webm' }) });
    const { container } = renderWithProviders(<EntryMediaPreview entry={entryOf('audio')} />);
    const playButton = await screen.findByRole('button', { name: VOICE_NOTE_COPY.play });
    await waitFor(() => expect(container.querySelector('audio')).toBeTruthy());
    const audio = container.querySelector('audio') as HTMLAudioElement;
    expect(audio.getAttribute('preload')).toBe('metadata');
    expect(audio.getAttribute('src')).toBe(full.url);
    fireEvent.loadedMetadata(audio);
    expect(await screen.findByText('0:07')).toBeTruthy();
    const slider = screen.getByRole('slider', { name: VOICE_NOTE_COPY.seek });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:07');

    await waitFor(() => expect((playButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(playButton);
    expect(play).toHaveBeenCalledTimes(1);
    const pauseButton = await screen.findByRole('button', { name: VOICE_NOTE_COPY.pause });
    audio.currentTime = 3.2;
    fireEvent.timeUpdate(audio);
    expect(await screen.findByText('0:03 / 0:07')).toBeTruthy();
    fireEvent.click(pauseButton);
    expect(await screen.findByRole('button', { name: VOICE_NOTE_COPY.play })).toBeTruthy();
    // The viewer is a button away, for the date, the caption and Download.
    fireEvent.click(screen.getByRole('button', { name: VOICE_NOTE_COPY.open }));
    expect(await screen.findByRole('dialog', { name: 'Media Viewer' })).toBeTruthy();
  });

  it('shows a video as its poster under a play mark, and opens the viewer playing it', async () => {
    stubApi({
      [THUMBNAIL_URL]: json({ ...thumbnail, height: 180 }),
      [MEDIA_URL]: json({ ...full, mediaType: 'video', mimeType: 'video/webm' }),
    });
    renderWithProviders(
      <EntryMediaPreview entry={entryOf('video', { thumbnailSize: { width: 320, height: 180 } })} />,
    );
    const button = await screen.findByRole('button', { name: PLAY_VIDEO });
    expect(button.style.aspectRatio).toBe('320 / 180');
    expect(button.className).toContain('w-full');
    await waitFor(() => expect(button.querySelector('img')?.getAttribute('src')).toBe(thumbnail.url));
    expect(button.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(button.querySelector('svg')).toBeTruthy();
    fireEvent.click(button);
    const viewer = await screen.findByRole('dialog', { name: 'Media Viewer' });
    const player = await within(viewer).findByLabelText('Attached video');
    expect(player.tagName).toBe('VIDEO');
    expect((player as HTMLVideoElement).autoplay).toBe(true);
    expect(player.getAttribute('poster')).toBe(thumbnail.url);
  });

  it("shows a video's length from its header", async () => {
    fakeMediaElements({ duration: 12.4 });
    stubApi({
      [THUMBNAIL_URL]: json(thumbnail),
      [MEDIA_URL]: json({ ...full, mediaType: 'video', mimeType: 'video/webm' }),
    });
    renderWithProviders(<EntryMediaPreview entry={entryOf('video')} />);
    const button = await screen.findByRole('button', { name: PLAY_VIDEO });
    await act(async () => undefined);
    await waitFor(() => expect(within(button).getByText('0:12')).toBeTruthy());
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
  });

  it('shows any attachment whose routes answer signed links, e.g. one of a gallery, with the date and caption given', async () => {
    const base = '/api/entries/e1/attachments/2';
    stubApi({
      [`GET ${base}/thumbnail-url`]: json(thumbnail),
      [`GET ${base}/media-url`]: json(full),
    });
    renderWithProviders(
      <MediaItemPreview
        item={{
          key: 'e1-2',
          kind: 'image',
          urlPath: `${base}/media-url`,
          thumbnailPath: `${base}/thumbnail-url`,
          thumbnailSize: { width: 320, height: 213 },
          fileName: 'IMG_0042.jpg',
        }}
        context={{ writtenAt: '2026-11-28T15:04:00Z', timeZone: 'UTC', caption: 'Lunch by the canal' }}
      />,
    );
    const button = await screen.findByRole('button', { name: PHOTO_ALT });
    await waitFor(() =>
      expect(button.querySelector('[data-layer="thumbnail"]')?.getAttribute('src')).toBe(thumbnail.url),
    );
    fireEvent.click(button);
    const viewer = await screen.findByRole('dialog', { name: 'Media Viewer' });
    expect(within(viewer).getByText('Saturday, November 28, 2026 · 3:04 PM')).toBeTruthy();
    expect((await within(viewer).findByRole('link', { name: 'Download' })).getAttribute('download')).toBe(
      'IMG_0042.jpg',
    );
    expect(viewer.querySelector('figcaption')?.textContent).toBe('Lunch by the canal');
  });

  it('shows nothing for a text entry', () => {
    stubApi({});
    const { container } = renderWithProviders(<EntryMediaPreview entry={entryOf('text')} />);
    expect(container.querySelector('button, [aria-hidden]')).toBeNull();
  });
});
