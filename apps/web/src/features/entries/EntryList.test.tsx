import { decryptText, deriveEntryKey, ENTRY_MESSAGES, type Entry, encryptText } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import {
  entryPage,
  safeVerdict,
  sealedEntry,
  storeTestEntryKey,
  TEST_SALT,
  testEntryKey,
} from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import type { EntryMediaRenderer } from './components/EntryCard.tsx';
import { EntryList, LOCKED_LIST_MESSAGE } from './components/EntryList.tsx';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LIST = 'GET /api/entries';

async function renderList(
  entries: Entry[],
  overrides: Parameters<typeof stubApi>[0] = {},
  total?: number,
  renderMedia?: EntryMediaRenderer,
) {
  await storeTestEntryKey();
  const fetchMock = stubApi({
    ...signedInHandlers(),
    [LIST]: json(entryPage(entries, total)),
    'POST /api/moderation/text': json(safeVerdict),
    ...overrides,
  });
  const result = renderWithProviders(<EntryList renderMedia={renderMedia} />, { path: '/dashboard' });
  return { ...result, fetchMock };
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const weekday = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: sessionUser.timezone }).format(new Date(iso));

function cardOf(element: HTMLElement): HTMLElement {
  const card = element.closest('article');
  if (!card) throw new Error('No card');
  return card;
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EntryList', () => {
  it('shows three placeholder cards while loading, then the empty state', async () => {
    let answer: (value: Response) => void = () => {};
    const { fetchMock } = await renderList([], {
      [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByText('Loading your entries…')).toBeTruthy();
    expect(screen.getByRole('status').querySelectorAll('.rounded-card')).toHaveLength(3);
    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(1));
    await act(async () => answer(jsonResponse(entryPage([]))));
    expect(await screen.findByText('No entries yet — write your first one above')).toBeTruthy();
  });

  it('groups entries by day under "Today", a weekday, and a date', async () => {
    // Midday, so that "a minute ago" and "two minutes ago" are today whenever the suite runs (only Date is faked:
    // the rendering's own timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 5, 10, 12, 0));
    const yesterday = ago(DAY);
    const entries = [
      await sealedEntry('Written this morning', { createdAt: ago(60_000) }),
      await sealedEntry('Also today', { createdAt: ago(120_000) }),
      await sealedEntry('Written yesterday', { createdAt: yesterday }),
      await sealedEntry('Last year', { createdAt: '2020-03-04T12:00:00Z', entryDate: '2020-03-04' }),
    ];
    await renderList(entries);
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getAllByRole('article')).toHaveLength(2);
    expect(within(today).getByText('Written this morning')).toBeTruthy();
    const yesterdayGroup = screen.getByRole('region', { name: weekday(yesterday) });
    expect(within(yesterdayGroup).getByText('Written yesterday')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Wednesday, March 4, 2020' })).toBeTruthy();
    // Each card is named by its time.
    expect(screen.getAllByRole('article', { name: /^Entry from .+ at \d{1,2}:\d{2} (AM|PM)$/ })).toHaveLength(
      4,
    );
  });

  it('tells each entry on the clock it was written by, naming the zone when it is not the account’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const entries = [
      await sealedEntry('At home the next morning', {
        createdAt: '2026-07-05T08:00:00Z',
        timeZone: 'Europe/Paris',
      }),
      // 21:30 on 4 July in New York is 03:30 on 5 July in Paris: the card keeps New York's day and time.
      await sealedEntry('Fireworks in New York', {
        createdAt: '2026-07-05T01:30:00Z',
        timeZone: 'America/New_York',
      }),
      // Written before zones were recorded: told in the account's zone.
      await sealedEntry('An older entry', {
        createdAt: '2026-07-03T20:00:00Z',
        timeZone: null,
        entryDate: '2026-07-03',
      }),
    ];
    await renderList(entries, {
      'GET /api/auth/session': json({ user: { ...sessionUser, timezone: 'Europe/Paris' } }),
    });
    const fourth = await screen.findByRole('region', { name: 'Saturday, July 4' });
    const newYork = cardOf(within(fourth).getByText('Fireworks in New York'));
    expect(within(newYork).getByText('9:30 PM EDT').tagName).toBe('TIME');
    expect(newYork.getAttribute('aria-label')).toBe('Entry from Saturday, July 4, 2026 at 9:30 PM EDT');
    const fifth = screen.getByRole('region', { name: 'Sunday, July 5' });
    expect(
      within(cardOf(within(fifth).getByText('At home the next morning'))).getByText('10:00 AM'),
    ).toBeTruthy();
    const third = screen.getByRole('region', { name: 'Friday, July 3' });
    expect(within(cardOf(within(third).getByText('An older entry'))).getByText('10:00 PM')).toBeTruthy();
  });

  it('writes headings, dates and times all one way, the en-GB way, for an en-GB browser (ADR 085)', async () => {
    // The card's time was already the reader's ("21:30") while its heading and date stayed US ("Saturday, July 4").
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const entries = [
      await sealedEntry('At home the next morning', {
        createdAt: '2026-07-05T06:46:00Z',
        timeZone: 'Europe/Paris',
      }),
      await sealedEntry('Fireworks in New York', {
        createdAt: '2026-07-05T01:30:00Z',
        timeZone: 'America/New_York',
      }),
    ];
    await renderList(entries, {
      'GET /api/auth/session': json({ user: { ...sessionUser, timezone: 'Europe/Paris' } }),
    });
    const fifth = await screen.findByRole('region', { name: 'Sunday 5 July' });
    const morning = cardOf(within(fifth).getByText('At home the next morning'));
    expect(within(morning).getByText('08:46')).toBeTruthy();
    expect(morning.getAttribute('aria-label')).toBe('Entry from Sunday, 5 July 2026 at 08:46');
    const fourth = screen.getByRole('region', { name: 'Saturday 4 July' });
    const newYork = cardOf(within(fourth).getByText('Fireworks in New York'));
    expect(newYork.getAttribute('aria-label')).toBe('Entry from Saturday, 4 July 2026 at 21:30 GMT-4');
    expect(document.body.textContent).not.toMatch(/\b(AM|PM)\b|July \d{1,2}\b/);
  });

  it('cuts text over 200 characters with "..." and toggles it with Read more / Show less', async () => {
    const long = `${'word '.repeat(50)}the end`;
    await renderList([await sealedEntry(long), await sealedEntry('x'.repeat(200))]);
    const readMore = await screen.findByRole('button', { name: 'Read more' });
    const card = readMore.closest('article') as HTMLElement;
    expect(within(card).getByText(/\.\.\.$/).textContent).toBe(`${long.slice(0, 200).trimEnd()}...`);
    fireEvent.click(readMore);
    expect(within(card).getByText(/the end$/).textContent).toBe(long);
    expect(readMore.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(card).getByRole('button', { name: 'Show less' }));
    expect(within(card).getByRole('button', { name: 'Read more' })).toBeTruthy();
    // Exactly 200 characters is not cut.
    expect(screen.getAllByRole('button', { name: 'Read more' })).toHaveLength(1);
  });

  it('renders Markdown: a heading sized for a card, a list, a safe link, escapes resolved, HTML as text', async () => {
    const markdown = [
      '# Sunday in Paris',
      '',
      'A walk in **Buttes\\-Chaumont** with [Ana](https://example.com/ana) and [a trap](javascript:alert(1)).',
      '',
      '- bread',
      '- cheese',
      '',
      '<img src="x" onerror="alert(1)">',
    ].join('\n');
    await renderList([await sealedEntry(markdown)]);
    const heading = await screen.findByRole('heading', { level: 4, name: 'Sunday in Paris' });
    const card = cardOf(heading);
    expect(within(card).getByText('Buttes-Chaumont').tagName).toBe('STRONG');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['bread', 'cheese']);
    const link = within(card).getByRole('link', { name: 'Ana' });
    expect(link.getAttribute('href')).toBe('https://example.com/ana');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(card).queryByRole('link', { name: 'a trap' })).toBeNull();
    expect(card.querySelector('img')).toBeNull();
    expect(card.textContent).toContain('and a trap.');
    expect(card.textContent).toContain('<img src="x" onerror="alert(1)">');
  });

  it('counts the 200 characters of a Markdown entry as read, not its markup', async () => {
    // 190 characters as read, over 200 with its markup: not cut.
    const short = `**${'b'.repeat(95)}** [${'c'.repeat(94)}](https://example.com/a-long-address)`;
    const long = `# Title\n\n${'word '.repeat(50)}**the end**`;
    await renderList([await sealedEntry(short), await sealedEntry(long)]);
    const readMore = await screen.findByRole('button', { name: 'Read more' });
    expect(screen.getAllByRole('button', { name: 'Read more' })).toHaveLength(1);
    const card = cardOf(readMore);
    const cut = await within(card).findByText(/\.\.\.$/);
    expect(cut.textContent).toBe(
      `${'word '
        .repeat(50)
        .slice(0, 200 - 'Title'.length - 1)
        .trimEnd()}...`,
    );
    expect(within(card).queryByText('the end')).toBeNull();
    fireEvent.click(readMore);
    expect(within(card).getByText('the end').tagName).toBe('STRONG');
  });

  it('shows the decryption-failed text for an entry it cannot read, without Edit', async () => {
    const otherKey = await deriveEntryKey('someone-else', TEST_SALT);
    const foreign = await encryptText(otherKey, 'not yours');
    await renderList([
      await sealedEntry('Readable', { createdAt: ago(60_000) }),
      await sealedEntry('', { encryptedContent: foreign.ciphertext, encryptionIv: foreign.iv }),
    ]);
    const failed = await screen.findByText(ENTRY_MESSAGES.decryptionFailed);
    const card = failed.closest('article') as HTMLElement;
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByText('Readable')).toBeTruthy();
  });

  it('shows the mood, the Shared badge and, through its render prop, the media of a non-text entry', async () => {
    const renderMedia = vi.fn<EntryMediaRenderer>((entry) => <span>Media: {entry.contentType}</span>);
    await renderList(
      [
        await sealedEntry('With a mood', {
          moodTag: 'Happy',
          isShared: true,
          contentType: 'image',
          mediaUrl: 'x',
        }),
        await sealedEntry('Just words'),
      ],
      {},
      undefined,
      renderMedia,
    );
    const card = cardOf(await screen.findByText('With a mood'));
    expect(within(card).getByText('😊').parentElement?.className).toContain('emerald');
    expect(within(card).getByText('Happy')).toBeTruthy();
    expect(within(card).getByText('Shared')).toBeTruthy();
    expect(within(card).getByText('Media: image')).toBeTruthy();
    expect(within(cardOf(screen.getByText('Just words'))).queryByText(/^Media/)).toBeNull();
    expect(renderMedia.mock.calls.every(([entry]) => entry.contentType === 'image')).toBe(true);
  });

  it('counts the edit window down every minute and hides Edit and Delete when it closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderList([await sealedEntry('Almost too late', { createdAt: ago(12 * HOUR - 61 * 60_000) })]);
    const card = cardOf(await screen.findByText('Almost too late'));
    const badge = within(card).getByText('1h left to edit');
    expect(badge.getAttribute('data-warning')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(card).getByText('1h left to edit').getAttribute('data-warning')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(within(card).getByText('59m left to edit')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(59 * 60_000));
    expect(within(card).queryByText(/left to edit/)).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(card).getByText('Almost too late')).toBeTruthy();
  });

  it('does not offer Edit or Delete on an entry older than 12 hours', async () => {
    await renderList([await sealedEntry('Old news', { createdAt: ago(13 * HOUR) })]);
    const card = cardOf(await screen.findByText('Old news'));
    expect(within(card).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(card).queryByText(/left to edit/)).toBeNull();
  });

  it('edits in place: the counter from 4,000 characters, amber then red at 5,000; Escape cancels', async () => {
    await renderList([await sealedEntry('Draft one')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit entry' });
    expect(document.activeElement).toBe(editor);
    expect(editor.getAttribute('maxLength')).toBe('5000');

    fireEvent.change(editor, { target: { value: 'a'.repeat(3999) } });
    expect(screen.queryByText(/\/ 5,000 characters/)).toBeNull();
    fireEvent.change(editor, { target: { value: 'a'.repeat(4000) } });
    const near = screen.getByText('4,000 / 5,000 characters');
    expect(near.getAttribute('data-level')).toBe('near');
    expect(near.className).toContain('amber');
    fireEvent.change(editor, { target: { value: 'a'.repeat(5000) } });
    const limit = screen.getByText('5,000 / 5,000 characters');
    expect(limit.getAttribute('data-level')).toBe('limit');
    expect(limit.className).toContain('text-destructive');
    expect(limit.querySelector('svg')).toBeTruthy();

    fireEvent.change(editor, { target: { value: '   ' } });
    expect(screen.getByText(ENTRY_MESSAGES.contentEmpty)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);

    fireEvent.keyDown(editor, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Edit entry' })).toBeNull();
    expect(screen.getByText('Draft one')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit' })));
  });

  it('saves an edit encrypted, then closes the form', async () => {
    const entry = await sealedEntry('Before');
    const { fetchMock } = await renderList([entry], {
      [`PATCH /api/entries/${entry.id}`]: () => jsonResponse({ entry, moderation: { warning: null } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit entry' }), { target: { value: 'After' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(ENTRY_MESSAGES.updated, expect.anything()),
    );
    const [body] = callsTo(fetchMock, `PATCH /api/entries/${entry.id}`) as {
      encryptedContent: string;
      encryptionIv: string;
    }[];
    const { key } = await testEntryKey();
    expect(await decryptText(key, { ciphertext: body!.encryptedContent, iv: body!.encryptionIv })).toBe(
      'After',
    );
    expect(body).not.toHaveProperty('moodTag');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit entry' })).toBeNull());
  });

  it('says when the edit window closed on the server, and keeps the form open', async () => {
    const entry = await sealedEntry('Before');
    await renderList([entry], {
      [`PATCH /api/entries/${entry.id}`]: apiError(
        403,
        'EDIT_WINDOW_EXPIRED',
        ENTRY_MESSAGES.editWindowExpired,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit entry' }), { target: { value: 'After' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This entry can no longer be edited (12-hour limit expired)'),
    );
    expect(screen.getByRole('textbox', { name: 'Edit entry' })).toBeTruthy();
  });

  it.each([
    [0, ENTRY_MESSAGES.deletionLimitReached, true],
    [1, ENTRY_MESSAGES.oneDeletionLeft, false],
    [4, 'You can delete 4 more reflections today (up to 5 a day).', false],
  ])('with %i deletions left the dialog says "%s"', async (remaining, message, isDisabled) => {
    const entry = await sealedEntry('To go');
    await renderList([entry], {
      'GET /api/entries/limits/deletion': json({ allowed: remaining > 0, remaining, limit: 5 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reflection?' });
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', isDisabled);
  });

  it('deletes after confirmation and says so', async () => {
    const entry = await sealedEntry('To go');
    let entries = [entry];
    const { fetchMock } = await renderList([], {
      [LIST]: () => jsonResponse(entryPage(entries)),
      'GET /api/entries/limits/deletion': json({ allowed: true, remaining: 5, limit: 5 }),
      [`DELETE /api/entries/${entry.id}`]: () => {
        entries = [];
        return jsonResponse({ allowed: true, remaining: 4, limit: 5 });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reflection?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ENTRY_MESSAGES.deleted));
    expect(callsTo(fetchMock, `DELETE /api/entries/${entry.id}`)).toHaveLength(1);
    expect(await screen.findByText(ENTRY_MESSAGES.emptyList)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when another refresh of the list removed the card before the delete was answered', async () => {
    const entry = await sealedEntry('Gone first');
    let entries = [entry];
    let answerDelete: (response: Response) => void = () => undefined;
    const { queryClient, fetchMock } = await renderList([], {
      [LIST]: () => jsonResponse(entryPage(entries)),
      'GET /api/entries/limits/deletion': json({ allowed: true, remaining: 5, limit: 5 }),
      [`DELETE /api/entries/${entry.id}`]: () => {
        entries = [];
        return new Promise<Response>((resolve) => {
          answerDelete = resolve;
        });
      },
    });
    const deleteCalls = () => callsTo(fetchMock, `DELETE /api/entries/${entry.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reflection?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    await waitFor(() => expect(deleteCalls()).toHaveLength(1));
    // The list is refreshed by something else (another tab's change, a reconnect) while the DELETE is slow:
    // the card, and the dialog inside it, are gone before the answer.
    await act(() => queryClient.invalidateQueries());
    expect(await screen.findByText(ENTRY_MESSAGES.emptyList)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    answerDelete(jsonResponse({ allowed: true, remaining: 4, limit: 5 }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(ENTRY_MESSAGES.deleted));
  });

  it('says when deleting failed', async () => {
    const entry = await sealedEntry('Stays');
    await renderList([entry], {
      'GET /api/entries/limits/deletion': json({ allowed: true, remaining: 5, limit: 5 }),
      [`DELETE /api/entries/${entry.id}`]: apiError(500, 'INTERNAL', 'Boom'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this reflection?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(confirm).toHaveProperty('disabled', false));
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ENTRY_MESSAGES.deleteFailed, { description: 'Boom' }),
    );
  });

  it('reads nothing outside a secure context, and says so', async () => {
    Object.defineProperty(window, 'isSecureContext', { value: false, configurable: true });
    try {
      const { fetchMock } = await renderList([await sealedEntry('Hidden')]);
      expect(await screen.findByText(LOCKED_LIST_MESSAGE)).toBeTruthy();
      expect(callsTo(fetchMock, LIST)).toHaveLength(0);
      expect(screen.queryByText('Hidden')).toBeNull();
    } finally {
      Object.defineProperty(window, 'isSecureContext', { value: undefined, configurable: true });
    }
  });

  it('pages through entries 5 at a time', async () => {
    const entries = await Promise.all([1, 2, 3, 4, 5].map((n) => sealedEntry(`Entry ${n}`)));
    const { fetchMock } = await renderList(entries, {}, 12);
    const pages = await screen.findByRole('navigation', { name: 'Entry pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('page=2&pageSize=5'))).toBe(true),
    );
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true),
    );
  });

  it('offers the scroll-to-top button once the list holds more than 5 entries in all (docs/product/entries.md#entries-list)', async () => {
    const entries = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        sealedEntry(`Entry ${index + 1}`, { createdAt: ago(index * 60_000) }),
      ),
    );
    await renderList(entries, {}, 6);
    expect(await screen.findByText('Entry 5')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeTruthy();
  });

  it('has no scroll-to-top button (at the top of the page) with 5 entries in all', async () => {
    const entries = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        sealedEntry(`Entry ${index + 1}`, { createdAt: ago(index * 60_000) }),
      ),
    );
    await renderList(entries, {}, 5);
    expect(await screen.findByText('Entry 5')).toBeTruthy();
    expect(await screen.findByText('5 entries')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();
  });

  it("says, when editing an entry with media, that media can't be changed", async () => {
    await renderList([
      await sealedEntry('With a photo', { contentType: 'image', mediaUrl: 'user-1/2026-11-22/photo.jpg' }),
      await sealedEntry('Words only'),
    ]);
    const [withPhoto, wordsOnly] = await Promise.all([
      screen.findByText('With a photo').then(cardOf),
      screen.findByText('Words only').then(cardOf),
    ]);
    fireEvent.click(within(withPhoto).getByRole('button', { name: 'Edit' }));
    expect(
      within(withPhoto).getByText("Media can't be changed after saving: delete the entry and write it again"),
    ).toBeTruthy();
    fireEvent.keyDown(within(withPhoto).getByRole('textbox', { name: 'Edit entry' }), { key: 'Escape' });
    fireEvent.click(within(wordsOnly).getByRole('button', { name: 'Edit' }));
    expect(within(wordsOnly).queryByText(/Media can't be changed/)).toBeNull();
  });
});
