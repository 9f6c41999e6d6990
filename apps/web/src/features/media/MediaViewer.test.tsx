import { MEDIA_MESSAGES, type SignedMediaUrl } from '@daybook/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { DOWNLOAD_LABEL, MediaViewer } from './components/MediaViewer.tsx';
import { entryMediaContext, entryMediaItem } from './index.ts';

const ENTRY = '11111111-1111-4111-8111-111111111111';
const MEDIA_URL = `GET /api/entries/${ENTRY}/media-url`;

const signed = (mediaType: SignedMediaUrl['mediaType'], url = '/api/media/file?path=x&signature=y') => ({
  url,
  expiresAt: '2026-11-01T11:00:00Z',
  mediaType,
  mimeType: mediaType ? `${mediaType}/webm` : null,
});

const entry = (contentType: string) =>
  ({
    id: ENTRY,
    contentType: contentType as 'image',
    mediaUrl: `user/2026-11-28/${ENTRY}.jpg`,
    hasThumbnail: false,
    thumbnailSize: null,
    createdAt: '2026-11-28T20:04:00Z',
    timeZone: 'America/New_York',
    text: '## A *quiet* evening by the [harbour](https://example.com)\n\nThe boats settled into the mud.',
  }) as const;

function Viewer({ contentType, title }: { contentType: string; title?: string }) {
  const [open, setOpen] = useState(true);
  return (
    <MediaViewer
      item={entryMediaItem(entry(contentType))}
      context={entryMediaContext(entry(contentType))}
      open={open}
      onOpenChange={setOpen}
      {...(title ? { title } : {})}
    />
  );
}

/** The viewer as a list opens it: from a button, which has focus again once it closes. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open photo
      </button>
      <MediaViewer
        item={entryMediaItem(entry('image'))}
        context={entryMediaContext(entry('image'))}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MediaViewer', () => {
  it('shows an image from the signed URL, kept 50 minutes', async () => {
    stubApi({ [MEDIA_URL]: json(signed('image')) });
    const queryClient = createTestQueryClient();
    renderWithProviders(<Viewer contentType="image" />, { queryClient });
    expect(screen.getByRole('dialog', { name: 'Media Viewer' })).toBeTruthy();
    const image = await screen.findByRole('img', { name: 'Attached image' });
    expect(image.getAttribute('src')).toBe('/api/media/file?path=x&signature=y');
    const query = queryClient.getQueryCache().find({ queryKey: ['media-url', MEDIA_URL.slice(4)] });
    expect(query?.options).toMatchObject({ staleTime: 50 * 60_000, gcTime: 55 * 60_000 });
  });

  it.each(['audio', 'video'] as const)('plays %s with the browser controls', async (kind) => {
    stubApi({ [MEDIA_URL]: json(signed(kind)) });
    renderWithProviders(<Viewer contentType={kind} />);
    const player = await screen.findByLabelText(`Attached ${kind}`);
    expect(player.tagName.toLowerCase()).toBe(kind);
    expect(player.hasAttribute('controls')).toBe(true);
  });

  it("goes by the entry's content type when the server does not name one", async () => {
    stubApi({ [MEDIA_URL]: json(signed(null)) });
    renderWithProviders(<Viewer contentType="audio" />);
    expect((await screen.findByLabelText('Attached audio')).tagName.toLowerCase()).toBe('audio');
  });

  it('says "Media unavailable" when the server has none, without asking again', async () => {
    const fetchMock = stubApi({ [MEDIA_URL]: apiError(404, 'NOT_FOUND', MEDIA_MESSAGES.unavailable) });
    renderWithProviders(<Viewer contentType="image" />);
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unavailable);
    expect(callsTo(fetchMock, MEDIA_URL)).toHaveLength(1);
  });

  it('tries twice more after a server failure, then says "Media unavailable"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ [MEDIA_URL]: apiError(500, 'INTERNAL', 'Boom') });
    renderWithProviders(<Viewer contentType="video" />);
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unavailable);
    expect(callsTo(fetchMock, MEDIA_URL)).toHaveLength(3);
  });

  it('says "Media unavailable" when the file itself cannot be loaded', async () => {
    stubApi({ [MEDIA_URL]: json(signed('image')) });
    renderWithProviders(<Viewer contentType="image" />);
    fireEvent.error(await screen.findByRole('img', { name: 'Attached image' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unavailable);
  });

  it('says "Unsupported media type" for anything else, without asking', async () => {
    const fetchMock = stubApi({ [MEDIA_URL]: json(signed('image')) });
    renderWithProviders(<Viewer contentType="text" />);
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unsupported);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the entry's date on its own clock, its first line as read as the caption, and a download", async () => {
    stubApi({ [MEDIA_URL]: json(signed('image')) });
    renderWithProviders(<Viewer contentType="image" />);
    const dialog = screen.getByRole('dialog', { name: 'Media Viewer' });
    // jsdom reads as en-US (ADR 085); the entry was written at 15:04 in New York.
    const date = screen.getByText('Saturday, November 28, 2026 · 3:04 PM');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('dateTime')).toBe('2026-11-28T20:04:00Z');
    expect(dialog.getAttribute('aria-describedby')).toBe(date.parentElement?.id);
    await screen.findByRole('img', { name: 'Attached image' });
    const caption = dialog.querySelector('figcaption');
    expect(caption?.textContent).toBe('A quiet evening by the harbour');
    const download = screen.getByRole('link', { name: DOWNLOAD_LABEL });
    expect(download.getAttribute('href')).toBe('/api/media/file?path=x&signature=y');
    expect(download.getAttribute('download')).toBe('daybook-2026-11-28-1504.jpg');
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    stubApi({ [MEDIA_URL]: json(signed('image')) });
    renderWithProviders(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open photo' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Media Viewer' });
    await screen.findByRole('img', { name: 'Attached image' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix gives focus back once the dialog has gone, on the next task.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('takes another title, e.g. for a share', () => {
    stubApi({ [MEDIA_URL]: json(signed('image')) });
    renderWithProviders(<Viewer contentType="image" title="Shared by Ada" />);
    expect(screen.getByRole('dialog', { name: 'Shared by Ada' })).toBeTruthy();
  });
});
