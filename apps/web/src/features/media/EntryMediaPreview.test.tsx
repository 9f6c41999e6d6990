import { MEDIA_MESSAGES, type SignedMediaUrl, type SignedThumbnailUrl } from '@daybook/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, callsTo, json, stubApi } from '../../test/api.ts';
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx';
import { PHOTO_ALT } from './components/EntryMediaPreview.tsx';
import { EntryMediaPreview } from './index.ts';

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
  height: 240,
};

describe('EntryMediaPreview', () => {
  it('shows a photo as its lazy thumbnail in a fixed square, with a skeleton until it loads', async () => {
    const fetchMock = stubApi({ [THUMBNAIL_URL]: json(thumbnail), [MEDIA_URL]: json(full) });
    const queryClient = createTestQueryClient();
    renderWithProviders(<EntryMediaPreview entryId={ENTRY} contentType="image" />, { queryClient });
    const button = screen.getByRole('button', { name: PHOTO_ALT });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.querySelector('[data-state="loading"]')?.className).toContain('animate-pulse');

    const image = await screen.findByRole('img', { name: PHOTO_ALT });
    expect(image.getAttribute('src')).toBe(thumbnail.url);
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('decoding')).toBe('async');
    expect(image.getAttribute('width')).toBe('96');
    expect(image.getAttribute('height')).toBe('96');
    expect(button.querySelector('[data-state="loading"]')).toBeTruthy();
    fireEvent.load(image);
    const frame = button.querySelector('[data-state="loaded"]');
    expect(frame?.className).not.toContain('animate-pulse');
    expect(frame?.className).toContain('size-24');
    // The full image is asked for only when the viewer opens.
    expect(callsTo(fetchMock, MEDIA_URL)).toHaveLength(0);
    const query = queryClient.getQueryCache().find({ queryKey: ['thumbnail-url', ENTRY] });
    expect(query?.options).toMatchObject({ staleTime: 5 * 3600_000, gcTime: 5.5 * 3600_000 });
  });

  it('opens the Media Viewer with the full image', async () => {
    const fetchMock = stubApi({ [THUMBNAIL_URL]: json(thumbnail), [MEDIA_URL]: json(full) });
    renderWithProviders(<EntryMediaPreview entryId={ENTRY} contentType="image" />);
    const button = screen.getByRole('button', { name: PHOTO_ALT });
    // A real button: Enter and Space open it as a click does (the e2e test presses them in a browser).
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Media Viewer' })).toBeTruthy();
    const shown = await screen.findByRole('img', { name: 'Attached image' });
    expect(shown.getAttribute('src')).toBe(full.url);
    expect(callsTo(fetchMock, THUMBNAIL_URL)).toHaveLength(1);
    expect(callsTo(fetchMock, MEDIA_URL)).toHaveLength(1);
  });

  it('shows the photo icon when there is no thumbnail, and still opens the viewer', async () => {
    stubApi({
      [THUMBNAIL_URL]: apiError(404, 'NOT_FOUND', MEDIA_MESSAGES.unavailable),
      [MEDIA_URL]: apiError(404, 'NOT_FOUND', MEDIA_MESSAGES.unavailable),
    });
    const { container } = renderWithProviders(<EntryMediaPreview entryId={ENTRY} contentType="image" />);
    const button = screen.getByRole('button', { name: PHOTO_ALT });
    await waitFor(() => expect(container.querySelector('[data-state="failed"]')).toBeTruthy());
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).toBeTruthy();
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(MEDIA_MESSAGES.unavailable);
  });

  it('shows the photo icon when the thumbnail itself does not load', async () => {
    stubApi({ [THUMBNAIL_URL]: json(thumbnail) });
    const { container } = renderWithProviders(<EntryMediaPreview entryId={ENTRY} contentType="image" />);
    fireEvent.error(await screen.findByRole('img', { name: PHOTO_ALT }));
    await waitFor(() => expect(container.querySelector('[data-state="failed"]')).toBeTruthy());
    expect(screen.getByRole('button', { name: PHOTO_ALT })).toBeTruthy();
  });

  it('asks for audio or video only when opened, and nothing for their thumbnails', async () => {
    const fetchMock = stubApi({ [MEDIA_URL]: json({ ...full, mediaType: 'video', mimeType: 'video/webm' }) });
    renderWithProviders(<EntryMediaPreview entryId={ENTRY} contentType="video" />);
    const button = screen.getByRole('button', { name: 'Play attached video' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect(await screen.findByLabelText('Attached video')).toBeTruthy();
    expect(callsTo(fetchMock, THUMBNAIL_URL)).toHaveLength(0);
  });

  it('shows nothing for a text entry', () => {
    stubApi({});
    const { container } = renderWithProviders(<EntryMediaPreview entryId={ENTRY} contentType="text" />);
    expect(container.querySelector('button')).toBeNull();
  });
});
