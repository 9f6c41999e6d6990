import {
  generateKeyPair,
  type ModerationResult,
  openSealedText,
  SHARE_MESSAGES,
  SHARE_SEALING_MESSAGES,
  type ShareView,
  thankYouSealContext,
} from '@daybook/shared';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, signedInHandlers, stubApi } from '../../../test/api.ts';
import { jsonResponse, renderRoutes, renderWithProviders } from '../../../test/render.tsx';
import SharedEntryPage, { SHARE_PAGE_INVITATION } from '../pages/SharedEntryPage.tsx';
import { ShareViewerDialog } from './components/ShareViewerDialog.tsx';

// The popovers and dialogs here are lazy chunks: the first to open pays for transforming them, which on a busy
// two-core machine can pass the 5 s default wait (this file's modules only: vitest isolates test files).
configure({ asyncUtilTimeout: 15_000 });

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

type Handlers = Parameters<typeof stubApi>[0];
const SHARE_ID = '00000000-0000-4000-8000-000000000042';
const TOKEN = 'tok_abc';
const SAFE: ModerationResult = { safe: true, severity: 'safe', flags: [], explanation: '', confidence: 0.9 };

function view(overrides: Partial<ShareView> = {}): ShareView {
  return {
    shareId: SHARE_ID,
    status: 'active',
    note: null,
    sharedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    sender: { name: 'Grace Hopper' },
    entry: {
      text: 'A quiet morning.',
      moodTag: 'Peaceful',
      createdAt: new Date().toISOString(),
      media: null,
    },
    events: [],
    canRespond: true,
    ...overrides,
  };
}

function renderViewer(handlers: Handlers) {
  const fetchMock = stubApi({ ...signedInHandlers(), ...handlers });
  const onOpenChange = vi.fn();
  renderWithProviders(<ShareViewerDialog shareId={SHARE_ID} open onOpenChange={onOpenChange} />);
  return { fetchMock, onOpenChange };
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe('the share view, through a token (signed out)', () => {
  // The page's route is /share/:token.
  function renderAt(
    handler: Handlers[string],
    session: Handlers = { 'GET /api/auth/session': json({ user: null }) },
  ) {
    const fetchMock = stubApi({
      ...session,
      [`GET /api/share-links/${TOKEN}`]: handler,
    });
    renderRoutes(
      createMemoryRouter([{ path: '/share/:token', element: <SharedEntryPage /> }], {
        initialEntries: [`/share/${TOKEN}`],
      }),
    );
    return fetchMock;
  }

  it('shows the sender, the time, the note, the mood and the text, with no thank-you or report', async () => {
    renderAt(json(view({ note: 'For you', canRespond: false })));
    expect(await screen.findByText('A quiet morning.')).toBeTruthy();
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    expect(screen.getByText('2 hours ago', { exact: false })).toBeTruthy();
    expect(screen.getByText('For you')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mood: Peaceful' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send thank you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('invites a visitor to Daybook in one quiet line, under the entry, leading to the landing page', async () => {
    renderAt(json(view({ canRespond: false })));
    await screen.findByText('A quiet morning.');
    const invitation = await screen.findByText(SHARE_PAGE_INVITATION, { exact: false });
    const link = within(invitation).getByRole('link', { name: 'See how it works' });
    expect(link.getAttribute('href')).toBe('/');
    // Below the entry, never before it.
    const article = screen.getByRole('article');
    expect(article.compareDocumentPosition(invitation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the spec’s messages for an unknown or revoked link, the invitation under them', async () => {
    renderAt(apiError(404, 'NOT_FOUND', SHARE_MESSAGES.notFound));
    expect(await screen.findByText(SHARE_MESSAGES.notFound)).toBeTruthy();
    expect(await screen.findByText(SHARE_PAGE_INVITATION, { exact: false })).toBeTruthy();
  });

  it('invites no one already signed in', async () => {
    renderAt(json(view({ canRespond: false })), signedInHandlers());
    await screen.findByText('A quiet morning.');
    await waitFor(() => expect(screen.queryByText(SHARE_PAGE_INVITATION, { exact: false })).toBeNull());
    expect(screen.queryByRole('link', { name: 'See how it works' })).toBeNull();
  });

  it('renders the entry as Markdown: a heading, a list and a link opened without an opener', async () => {
    const entry = {
      text: '# Paris\n\n- Buttes\\-Chaumont\n- [the map](https://example.com/map)\n\n<b>not bold</b>',
      moodTag: null,
      createdAt: new Date().toISOString(),
      media: null,
    };
    renderAt(json(view({ entry, canRespond: false })));
    expect(await screen.findByRole('heading', { level: 3, name: 'Paris' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Buttes-Chaumont',
      'the map',
    ]);
    expect(screen.getByRole('link', { name: 'the map' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('<b>not bold</b>')).toBeTruthy();
    expect(document.querySelector('article b')).toBeNull();
  });

  it('an expired share shows its badge and no entry', async () => {
    renderAt(json(view({ status: 'expired', entry: null, canRespond: false })));
    expect(await screen.findByText('This share has expired')).toBeTruthy();
    expect(screen.queryByText('A quiet morning.')).toBeNull();
  });

  it('a revoked share shows "This share has been revoked" and nothing else', async () => {
    renderAt(
      json(
        view({ status: 'revoked', sender: null, sharedAt: null, note: null, entry: null, canRespond: false }),
      ),
    );
    expect(await screen.findByText('This share has been revoked')).toBeTruthy();
    expect(screen.queryByText(/Grace Hopper/)).toBeNull();
    expect(document.querySelector('time')).toBeNull();
    expect(screen.queryByText('A quiet morning.')).toBeNull();
  });

  it('a deleted entry shows "Reflection No Longer Available"', async () => {
    renderAt(json(view({ entry: null, error: 'entry_deleted', canRespond: false })));
    expect(await screen.findByText('Reflection No Longer Available')).toBeTruthy();
    expect(screen.getByText('The author has removed this shared reflection.')).toBeTruthy();
  });

  it('an unknown token shows "Share not found or no longer available", asking only once', async () => {
    const fetchMock = renderAt(apiError(404, 'NOT_FOUND', 'Share not found or no longer available'));
    expect(await screen.findByText('Share not found or no longer available')).toBeTruthy();
    expect(callsTo(fetchMock, `GET /api/share-links/${TOKEN}`)).toHaveLength(1);
  });

  it('shows the media, and "Media unavailable" when it fails to load', async () => {
    renderAt(
      json(
        view({
          entry: {
            text: 'With a photo.',
            moodTag: null,
            createdAt: new Date().toISOString(),
            media: { url: 'https://media.test/signed.jpg', type: 'image' },
          },
        }),
      ),
    );
    const image = await screen.findByRole('img', { name: 'Shared image' });
    expect(image.getAttribute('src')).toBe('https://media.test/signed.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'View full size' }));
    expect(await screen.findByRole('dialog', { name: 'Shared by Grace Hopper' })).toBeTruthy();
    fireEvent.error(image);
    expect((await screen.findAllByText('Media unavailable')).length).toBeGreaterThan(0);
  });
});

describe('the share viewer in the app', () => {
  it('offers thank-you and report only on an active share the recipient can respond to', async () => {
    renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(
        view({ status: 'revoked', sender: null, sharedAt: null, entry: null, canRespond: false }),
      ),
    });
    expect(await screen.findByText('This share has been revoked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send thank you' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('says "Share not found or no longer available" for someone else’s share', async () => {
    renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: apiError(
        404,
        'NOT_FOUND',
        'Share not found or no longer available',
      ),
    });
    expect(await screen.findByText('Share not found or no longer available')).toBeTruthy();
  });

  it('thank-you: counter, Send disabled while blank, "Checking..." then "Sending...", toast and close on success', async () => {
    let passCheck: () => void = () => {};
    let release: () => void = () => {};
    const { fetchMock } = renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      'POST /api/moderation/text': () =>
        new Promise<Response>((resolve) => {
          passCheck = () => resolve(jsonResponse(SAFE));
        }),
      [`POST /api/shares/${SHARE_ID}/thank-you`]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse({ id: 'ty-1' }, 201));
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send thank you' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a thank you note' });
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(within(dialog).getByText('0/500 characters')).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '   ' } });
    expect(within(dialog).getByText('3/500 characters')).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: ' Thank you! ' } });
    expect(within(dialog).getByText('12/500 characters')).toBeTruthy();
    expect(box.getAttribute('maxlength')).toBe('500');
    fireEvent.click(send);
    expect(await within(dialog).findByRole('button', { name: 'Checking...' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(callsTo(fetchMock, 'POST /api/moderation/text')).toEqual([
      { text: 'Thank you!', audience: 'recipient' },
    ]);
    expect(callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/thank-you`)).toEqual([]);
    passCheck();
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toHaveProperty(
      'disabled',
      true,
    );
    release();
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Thank you sent', {
        description: 'Your message has been delivered',
      }),
    );
    expect(callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/thank-you`)).toEqual([{ message: 'Thank you!' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a thank you note' })).toBeNull());
    // Reset: opened again, it is empty.
    fireEvent.click(screen.getByRole('button', { name: 'Send thank you' }));
    const again = await screen.findByRole('dialog', { name: 'Send a thank you note' });
    expect(within(again).getByText('0/500 characters')).toBeTruthy();
  });

  it('thank-you to an author with a key pair: checked here, sealed to the author, and nothing plain leaves', async () => {
    const author = await generateKeyPair();
    const { fetchMock } = renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      [`GET /api/shares/${SHARE_ID}/thank-you-key`]: json({ publicKey: author.publicKey }),
      [`POST /api/shares/${SHARE_ID}/thank-you`]: json({ id: 'ty-2' }, 201),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send thank you' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a thank you note' });
    const box = within(dialog).getByRole('textbox', { name: 'Your message' });
    // The shared classifier refuses here what the server would, with the spec's message.
    fireEvent.change(box, { target: { value: "You're pathetic and everyone hates you" } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SHARE_MESSAGES.thankYouMedium);
    expect(callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/thank-you`)).toEqual([]);

    fireEvent.change(box, { target: { value: ' Thank you for the harbour. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
    // The server was asked to moderate nothing, and received only the sealed note, which the author's key opens.
    expect(callsTo(fetchMock, 'POST /api/moderation/text')).toEqual([]);
    const [sent] = callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/thank-you`) as {
      sealedMessage: string;
    }[];
    expect(Object.keys(sent ?? {})).toEqual(['sealedMessage']);
    expect(JSON.stringify(sent)).not.toContain('harbour');
    expect(
      await openSealedText(
        author.privateKey,
        author.publicKey,
        sent?.sealedMessage ?? '',
        thankYouSealContext(SHARE_ID),
      ),
    ).toBe('Thank you for the harbour.');
  });

  it('thank-you: a note the check refuses is not sent; the message shows and the dialog stays open', async () => {
    const { fetchMock } = renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      'POST /api/moderation/text': json({ ...SAFE, safe: false, severity: 'medium', flags: ['harassment'] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send thank you' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a thank you note' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'something unkind' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(SHARE_MESSAGES.thankYouMedium);
    expect(callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/thank-you`)).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('thank-you: shows the server’s moderation message and stays open', async () => {
    const message = 'Please revise your message to be more appropriate.';
    renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      [`POST /api/shares/${SHARE_ID}/thank-you`]: apiError(422, 'CONTENT_BLOCKED', message),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send thank you' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a thank you note' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'something rude' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('thank-you: another failure toasts "Failed to send"', async () => {
    renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      [`POST /api/shares/${SHARE_ID}/thank-you`]: apiError(500, 'INTERNAL', 'Server trouble'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send thank you' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a thank you note' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Thanks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to send', { description: 'Server trouble' }),
    );
  });

  it('report: a reason is required; details are counted, cleaned and sent only when not blank', async () => {
    const { fetchMock } = renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      [`POST /api/shares/${SHARE_ID}/report`]: () => jsonResponse({ id: 'r-1' }, 201),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this share' });
    const submit = within(dialog).getByRole('button', { name: 'Submit report' });
    expect(submit).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('0 / 2,000 characters')).toBeTruthy();
    // Unlike a thank-you note, a report is not sealed: the dialog says who reads it (ADR 102).
    expect(within(dialog).getByText(SHARE_SEALING_MESSAGES.reportIsReadable)).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Reports are reviewed by our team. False reports may result in account restrictions.',
      ),
    ).toBeTruthy();
    const reasons = within(dialog).getByRole('combobox', { name: 'Reason' });
    expect(
      within(reasons)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a reason',
      'Spam or unwanted content',
      'Harassment or bullying',
      'Inappropriate content',
      'Privacy concerns',
      'Other',
    ]);
    fireEvent.change(reasons, { target: { value: 'harassment' } });
    expect(submit).toHaveProperty('disabled', false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), {
      target: { value: ' Mean\u0007 words ' },
    });
    expect(within(dialog).getByText('13 / 2,000 characters')).toBeTruthy();
    fireEvent.click(submit);
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Report submitted', {
        description: 'Thanks for helping keep Daybook safe.',
      }),
    );
    expect(callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/report`)).toEqual([
      { reason: 'harassment', details: 'Mean words' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Report this share' })).toBeNull());
  });

  it('report: blank details are not sent; a failure toasts "Failed to report"', async () => {
    const { fetchMock } = renderViewer({
      [`GET /api/shares/${SHARE_ID}/view`]: json(view()),
      [`POST /api/shares/${SHARE_ID}/report`]: apiError(500, 'INTERNAL', 'Server trouble'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this share' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Reason' }), { target: { value: 'spam' } });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit report' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to report', { description: 'Server trouble' }),
    );
    expect(callsTo(fetchMock, `POST /api/shares/${SHARE_ID}/report`)).toEqual([{ reason: 'spam' }]);
    expect(screen.getByRole('dialog', { name: 'Report this share' })).toBeTruthy();
  });
});
