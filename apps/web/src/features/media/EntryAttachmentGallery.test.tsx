import type { EntryAttachment, SignedMediaUrl, SignedThumbnailUrl } from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, json, stubApi } from '../../test/api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EntryAttachmentGallery } from './index.ts';

const ENTRY = '11111111-1111-4111-8111-111111111111';
const id = (n: number) => `22222222-2222-4222-8222-00000000000${n}`;
const at = (n: number) => `/api/entries/${ENTRY}/attachments/${id(n)}`;

const signed = (path: string, mediaType: SignedMediaUrl['mediaType'], mimeType: string): SignedMediaUrl => ({
  url: `/api/media/file?path=${path}&signature=s`,
  expiresAt: '2026-11-01T11:00:00Z',
  mediaType,
  mimeType,
});
const thumbnail = (path: string): SignedThumbnailUrl => ({
  url: `/api/media/file?path=${path}.thumb&signature=t`,
  expiresAt: '2026-11-01T18:00:00Z',
  width: 320,
  height: 240,
});

/** An imported entry's own photo and four further attachments: a photo, a voice note, a video and a PDF. */
const attachments: EntryAttachment[] = [
  { id: id(2), contentType: 'image', hasThumbnail: true, number: 2 },
  { id: id(3), contentType: 'audio', hasThumbnail: false, number: 3 },
  { id: id(4), contentType: 'video', hasThumbnail: false, number: 4 },
  { id: id(5), contentType: 'pdf', hasThumbnail: false, number: 5 },
];

function stubAll() {
  return stubApi({
    [`GET /api/entries/${ENTRY}/thumbnail-url`]: json(thumbnail('first')),
    [`GET /api/entries/${ENTRY}/media-url`]: json(signed('first', 'image', 'image/jpeg')),
    [`GET ${at(2)}/thumbnail-url`]: json(thumbnail('second')),
    [`GET ${at(2)}/media-url`]: json(signed('second', 'image', 'image/jpeg')),
    [`GET ${at(5)}/media-url`]: json(signed('ticket', null, 'application/pdf')),
  });
}

/** An imported entry as the list passes it: decrypted, with its own attachment and the further ones. */
const entryWith = (contentType: 'image' | 'text', list: EntryAttachment[]) => ({
  id: ENTRY,
  contentType,
  mediaUrl: contentType === 'image' ? `user/${ENTRY}.jpg` : null,
  hasThumbnail: contentType === 'image',
  thumbnailSize: contentType === 'image' ? { width: 320, height: 240 } : null,
  createdAt: '2023-06-10T14:05:00Z',
  timeZone: 'Europe/Paris',
  entryDate: '2023-06-10',
  text: 'The lighthouse at Finisterre',
  attachments: list,
});

const renderGallery = (list = attachments) =>
  renderWithProviders(
    <EntryAttachmentGallery entry={entryWith('image', list)} accountZone="Europe/London" />,
  );

describe('EntryAttachmentGallery', () => {
  it('shows three attachments and "+N" for the rest, each named as the text names it', async () => {
    const fetchMock = stubAll();
    renderGallery();
    const list = screen.getByRole('list', { name: '5 attachments' });
    // The gallery's own tiles (a tile may hold lists of its own).
    const items = [...list.children] as HTMLElement[];
    expect(items).toHaveLength(4);
    // Each item is the single-media preview, named by its number among the entry's attachments.
    expect(await within(items[0]!).findByRole('button', { name: 'Photo 1' })).toBeTruthy();
    expect(await within(items[1]!).findByRole('button', { name: 'Photo 2' })).toBeTruthy();
    // A voice note plays in place, titled by its number.
    expect(await within(items[2]!).findByText('Audio 3')).toBeTruthy();
    const more = within(items[3]!).getByRole('button', { name: 'Show 2 more attachments' });
    expect(more.textContent).toBe('+2');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(list.id);
    // The second photo's thumbnail comes from its own link, not the entry's.
    const second = await within(items[1]!).findByRole('img', { name: 'Photo 2' });
    await waitFor(() =>
      expect(second.querySelector('img')?.getAttribute('src')).toBe(thumbnail('second').url),
    );
    expect(callsTo(fetchMock, `GET ${at(2)}/thumbnail-url`)).toHaveLength(1);
    // Nothing folded away is asked for.
    expect(callsTo(fetchMock, `GET ${at(5)}/media-url`)).toHaveLength(0);
  });

  it('unfolds to every attachment with the PDF as a download, and folds back, keeping focus in place', async () => {
    stubAll();
    renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more attachments' }));
    const video = await screen.findByRole('button', { name: 'Video 4' });
    // Focus moves to the first attachment revealed: the button pressed is gone.
    await waitFor(() => expect(document.activeElement).toBe(video));
    const pdf = await screen.findByRole('link', { name: 'Download PDF 5' });
    expect(pdf.getAttribute('href')).toBe(signed('ticket', null, 'application/pdf').url);
    expect(pdf.getAttribute('download')).toBe('daybook-2023-06-10-5.pdf');
    // Every tile of the gallery's own list (a tile may hold lists of its own).
    expect(screen.getByRole('list', { name: '5 attachments' }).children).toHaveLength(5);

    const fewer = screen.getByRole('button', { name: 'Show fewer' });
    expect(fewer.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(fewer);
    const more = screen.getByRole('button', { name: 'Show 2 more attachments' });
    await waitFor(() => expect(document.activeElement).toBe(more));
    expect(screen.queryByRole('link', { name: 'Download PDF 5' })).toBeNull();
  });

  it('opens a further photo in the Media Viewer from its own signed link', async () => {
    const fetchMock = stubAll();
    renderGallery();
    fireEvent.click(await screen.findByRole('button', { name: 'Photo 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 of 5' });
    const shown = await within(dialog).findByRole('img', { name: 'Attached image' });
    expect(shown.getAttribute('src')).toBe(signed('second', 'image', 'image/jpeg').url);
    expect(callsTo(fetchMock, `GET ${at(2)}/media-url`)).toHaveLength(1);
  });

  it('lists an entry of PDFs only, with no "+N" for four or fewer, and says when a PDF cannot be had', async () => {
    stubApi({});
    renderWithProviders(
      <EntryAttachmentGallery
        entry={entryWith('text', [{ id: id(5), contentType: 'pdf', hasThumbnail: false, number: 1 }])}
        accountZone="Europe/London"
      />,
    );
    expect(screen.getByRole('list', { name: '1 attachment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /more attachments/ })).toBeNull();
    await waitFor(() => expect(screen.getByText(', unavailable right now')).toBeTruthy());
    expect(screen.queryByRole('link')).toBeNull();
  });
});
