import { decryptText, type MediaDraft } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, freePlanFeatures, json, signedInHandlers, stubApi } from '../../test/api.ts';
import {
  fakeCanvas,
  fakeFile,
  fakeImageDecoding,
  fakeObjectUrls,
  fakeXhr,
} from '../../test/browser-api-fakes.ts';
import { entryPage, safeVerdict, sealedEntry, storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import DashboardPage from './DashboardPage.tsx';
import PastEntriesPage from './PastEntriesPage.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const CREATE = 'POST /api/entries';
const draft: MediaDraft = {
  id: '00000000-0000-4000-8000-00000000d1af',
  mediaType: 'image',
  mimeType: 'image/jpeg',
  fileSizeBytes: 1000,
  durationSeconds: null,
  width: 800,
  height: 600,
  moderation: null,
  createdAt: '2026-11-01T10:00:00Z',
};

async function renderPage(page: React.ReactElement, handlers: Parameters<typeof stubApi>[0] = {}) {
  await storeTestEntryKey();
  const created = await sealedEntry('', { contentType: 'image' });
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/entries/limits/daily': json({ allowed: true, limit: 3, used: 0 }),
    'POST /api/moderation/text': json(safeVerdict),
    'POST /api/moderation/image': json(safeVerdict),
    [CREATE]: () => jsonResponse({ entry: created, moderation: { warning: null } }, 201),
    ...handlers,
  });
  return { ...renderWithProviders(page, { path: '/dashboard' }), fetchMock };
}

// Behind the open (modal) attach panel the card is aria-hidden: its controls are found among hidden ones.
const saveButton = () => screen.getByRole('button', { name: 'Save', hidden: true });

describe('the quick entry card with media (dashboard)', () => {
  it('attaches an image through the panel and saves the entry with its draft, without text', async () => {
    fakeObjectUrls();
    fakeImageDecoding({ width: 800, height: 600 });
    fakeCanvas();
    const xhr = fakeXhr();
    const { fetchMock } = await renderPage(<DashboardPage />);
    const textbox = await screen.findByRole('textbox', { name: "What's on your mind?" });
    await act(async () => textbox.focus());

    fireEvent.click(screen.getByRole('button', { name: 'Attach media' }));
    const panel = await screen.findByRole('dialog', { name: 'Attach media' });
    const input = panel.querySelector<HTMLInputElement>('input[data-media-input="image"]');
    if (!input) throw new Error('No image input');
    fireEvent.change(input, { target: { files: [fakeFile('harbour.jpg', 'image/jpeg')] } });

    // While the file is on its way the card waits: Save is disabled.
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(saveButton()).toHaveProperty('disabled', true);
    act(() => xhr.last.respond(201, draft));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Attach media' })).toBeNull());

    const attach = screen.getByRole('button', { name: 'Attach media' });
    expect(attach.hasAttribute('data-attached')).toBe(true);
    fireEvent.click(saveButton());
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(1));
    const [body] = callsTo(fetchMock, CREATE) as { encryptedContent: string; encryptionIv: string }[];
    expect(body).toMatchObject({ mediaDraftId: draft.id, moodTag: null });
    const { key } = await testEntryKey();
    expect(
      await decryptText(key, { ciphertext: body?.encryptedContent ?? '', iv: body?.encryptionIv ?? '' }),
    ).toBe('');

    // Saved: the attachment is dropped with the text, and its preview URL let go.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Attach media' }).hasAttribute('data-attached')).toBe(false),
    );
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('offers the locked Premium variant when the plan has no media', async () => {
    await renderPage(<DashboardPage />, {
      'GET /api/me/plan-features': json({ ...freePlanFeatures, image_entries: false }),
    });
    const textbox = await screen.findByRole('textbox', { name: "What's on your mind?" });
    await act(async () => textbox.focus());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Attach media' }).hasAttribute('data-locked')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Attach media' }));
    expect(await screen.findByRole('dialog', { name: 'Media is a Premium feature' })).toBeTruthy();
  });
});

describe('entry lists with media', () => {
  it('show the media of a non-text entry, which opens the Media Viewer', async () => {
    const audio = await sealedEntry('Birdsong at dawn', { contentType: 'audio', mediaUrl: 'x' });
    const text = await sealedEntry('Only words');
    await renderPage(<PastEntriesPage />, {
      'GET /api/entries': json(entryPage([audio, text])),
      [`GET /api/entries/${audio.id}/media-url`]: json({
        url: '/api/media/file?path=a&signature=b',
        expiresAt: '2026-11-01T11:00:00Z',
        mediaType: 'audio',
        mimeType: 'audio/webm',
      }),
    });
    const card = (await screen.findByText('Birdsong at dawn')).closest('article') as HTMLElement;
    const textCard = screen.getByText('Only words').closest('article') as HTMLElement;
    expect(within(textCard).queryByRole('button', { name: /voice note/i })).toBeNull();

    // The voice note plays on its card; the viewer, a button away, shows the entry's first line as its caption.
    expect(await within(card).findByRole('button', { name: 'Play voice note' })).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Open voice note' }));
    const viewer = await screen.findByRole('dialog', { name: 'Media Viewer' });
    const player = await within(viewer).findByLabelText('Attached audio');
    expect(player.tagName.toLowerCase()).toBe('audio');
    expect(player.getAttribute('src')).toBe('/api/media/file?path=a&signature=b');
    expect(viewer.querySelector('figcaption')?.textContent).toBe('Birdsong at dawn');
  });
});
