import { decryptText, ENTRY_MESSAGES, MODERATION_MESSAGES } from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSPIRE_PROMPTS, STORAGE_KEYS } from '../../lib/constants.ts';
import { sealEntryText } from '../../lib/encryption/entry-cipher.ts';
import { writeDraft } from '../../lib/offline/drafts.ts';
import { DRAFTS, withStore } from '../../lib/offline/idb.ts';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { safeVerdict, sealedEntry, storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { LIMIT_RECHECK_MS } from './api/get-daily-limit.ts';
import { QuickEntryCard, type QuickEntryCardProps } from './components/QuickEntryCard.tsx';
import { DRAFT_SAVE_DELAY_MS } from './journal-draft.ts';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const MODERATE = 'POST /api/moderation/text';
const CREATE = 'POST /api/entries';
const DAILY = 'GET /api/entries/limits/daily';

const DRAFT_ID = '00000000-0000-4000-8000-0000000000d1';

/**
 * The card with a stand-in for the media slot (app/ puts the media feature's control there): buttons that
 * start and end an upload and attach a draft, and what the card asked to clear.
 */
function CardWithMediaSlot(props: Omit<QuickEntryCardProps, 'media'>) {
  const [draftId, setDraftId] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <QuickEntryCard
      {...props}
      media={{
        control: (
          <>
            <button type="button" onClick={() => setIsBusy((busy) => !busy)}>
              {isBusy ? 'Finish upload' : 'Start upload'}
            </button>
            <button type="button" onClick={() => setDraftId(DRAFT_ID)}>
              {draftId ? 'File attached' : 'Attach file'}
            </button>
          </>
        ),
        draftId,
        isBusy,
        clear: () => setDraftId(null),
      }}
    />
  );
}

async function setup(
  overrides: Parameters<typeof stubApi>[0] = {},
  props: Omit<QuickEntryCardProps, 'media'> & { hasMediaSlot?: boolean } = {},
) {
  await storeTestEntryKey();
  const created = await sealedEntry('saved');
  const fetchMock = stubApi({
    ...signedInHandlers(),
    [DAILY]: json({ allowed: true, limit: 3, used: 0 }),
    [MODERATE]: json(safeVerdict),
    [CREATE]: () => jsonResponse({ entry: created, moderation: { warning: null } }, 201),
    ...overrides,
  });
  const { hasMediaSlot, ...cardProps } = props;
  const card = hasMediaSlot ? <CardWithMediaSlot {...cardProps} /> : <QuickEntryCard {...cardProps} />;
  const result = renderWithProviders(card, { path: '/dashboard' });
  const textbox = await screen.findByRole('textbox', { name: "What's on your mind?" });
  return { ...result, fetchMock, textbox };
}

async function type(textbox: HTMLElement, value: string) {
  await act(async () => textbox.focus());
  fireEvent.change(textbox, { target: { value } });
}

async function decryptedBody(fetchMock: ReturnType<typeof stubApi>) {
  const [body] = callsTo(fetchMock, CREATE) as {
    encryptedContent: string;
    encryptionIv: string;
    moodTag: unknown;
    mediaDraftId?: string;
  }[];
  if (!body) throw new Error('Nothing was posted');
  const { key } = await testEntryKey();
  return {
    text: await decryptText(key, { ciphertext: body.encryptedContent, iv: body.encryptionIv }),
    moodTag: body.moodTag,
    ...(body.mediaDraftId ? { mediaDraftId: body.mediaDraftId } : {}),
  };
}

/** The stored draft record of the signed-in test user, as IndexedDB holds it. */
const rawDraft = () => withStore(DRAFTS, 'readonly', (store) => store.get(sessionUser.id));

async function writeTestDraft(draft: { text: string; mood: string | null; savedAt: string }) {
  const { key } = await testEntryKey();
  await writeDraft(
    { encrypt: (text) => sealEntryText(key, text), decrypt: async () => null },
    sessionUser.id,
    draft,
  );
}

function setSecureContext(value: boolean | undefined) {
  Object.defineProperty(window, 'isSecureContext', { value, configurable: true });
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.warning).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  setSecureContext(undefined);
});

describe('QuickEntryCard', () => {
  it('saves encrypted text with its mood, then clears, folds away and says so', async () => {
    const { fetchMock, textbox } = await setup();
    await type(textbox, 'A quiet morning with tea.');
    expect(screen.getByText('5 words')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Choose mood' }));
    const picker = await screen.findByRole('dialog', { name: 'How are you feeling?' });
    expect(within(picker).getAllByRole('button')).toHaveLength(16);
    fireEvent.click(within(picker).getByRole('button', { name: 'Calm' }));
    expect(await screen.findByRole('button', { name: 'Choose mood (Calm)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeTruthy();
    expect(await decryptedBody(fetchMock)).toEqual({ text: 'A quiet morning with tea.', moodTag: 'Calm' });
    // docs/product/entries.md#entries-limits: the limit is asked afresh right before the save's moderation, whatever the card knew already.
    const order = fetchMock.mock.calls.map(([input, init]) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      return `${init?.method ?? 'GET'} ${pathname}`;
    });
    expect(order[order.indexOf(MODERATE) - 1]).toBe(DAILY);

    // "Entry created successfully!" then, once it has gone, "Saved ✓".
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith(ENTRY_MESSAGES.created, expect.anything());
    act(() => vi.mocked(toast.success).mock.calls[0]?.[1]?.onAutoClose?.({} as never));
    expect(toast.success).toHaveBeenLastCalledWith(ENTRY_MESSAGES.savedCheck, expect.anything());

    expect(textbox).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Choose mood' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.journalDraft)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: "What's on your mind?" }));
    expect(screen.getByText('Saved', { selector: '[aria-live]' })).toBeTruthy();
  });

  it('submits with Ctrl+Enter and with Cmd+Enter', async () => {
    const { fetchMock, textbox } = await setup();
    await type(textbox, 'Keyboard first');
    fireEvent.keyDown(textbox, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(1));

    await waitFor(() => expect(textbox).toHaveProperty('value', ''));
    await type(textbox, 'And on a Mac');
    fireEvent.keyDown(textbox, { key: 'Enter', metaKey: true });
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(2));
    fireEvent.keyDown(textbox, { key: 'Enter' });
    expect(callsTo(fetchMock, CREATE)).toHaveLength(2);
  });

  it('asks for text or media when there is neither', async () => {
    const { fetchMock, textbox } = await setup();
    // The card's own look at today's count; the save's check is never reached.
    await waitFor(() => expect(callsTo(fetchMock, DAILY)).toHaveLength(1));
    await type(textbox, '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ENTRY_MESSAGES.empty);
    expect(textbox.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, DAILY)).toHaveLength(1);
  });

  it('says a reached limit before anything is written, offers Premium, and keeps what is typed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { fetchMock, textbox } = await setup({ [DAILY]: json({ allowed: false, limit: 3, used: 3 }) });
    const notice = await screen.findByRole('status', { name: '' });
    expect(notice.textContent).toContain(ENTRY_MESSAGES.dailyLimitReached(3));
    expect(notice.textContent).toContain("You've written 3 of 3 entries today.");
    const upgrade = within(notice).getByRole('link', { name: 'Up to 25 a day with Premium' });
    expect(upgrade.getAttribute('href')).toBe('/profile#subscription');
    // The day's count is asked in this browser's zone, the one an entry is counted in (ADR 066).
    const [asked] = fetchMock.mock.calls.map(([input]) => String(input)).filter((u) => u.includes('daily'));
    expect(new URL(asked!, 'http://localhost').searchParams.get('timeZone')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );

    await type(textbox, 'One more thought');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(save.getAttribute('aria-describedby')).toBe(notice.id);
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    await waitFor(async () => expect(await rawDraft()).toBeDefined());
    expect(textbox).toHaveProperty('value', 'One more thought');
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('offers no upgrade when the limit reached is already Premium’s', async () => {
    await setup({ [DAILY]: json({ allowed: false, limit: 25, used: 25 }) });
    const notice = await screen.findByText(ENTRY_MESSAGES.dailyLimitReached(25));
    expect(notice).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Premium/ })).toBeNull();
  });

  it('asks again each minute while at the limit, and opens the card once the day turns', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let allowed = false;
    const { fetchMock } = await setup({
      [DAILY]: () => jsonResponse({ allowed, limit: 3, used: allowed ? 0 : 3 }),
    });
    expect(await screen.findByText(ENTRY_MESSAGES.dailyLimitReached(3))).toBeTruthy();
    allowed = true;
    await act(() => vi.advanceTimersByTimeAsync(LIMIT_RECHECK_MS));
    await waitFor(() => expect(screen.queryByText(ENTRY_MESSAGES.dailyLimitReached(3))).toBeNull());
    const asked = callsTo(fetchMock, DAILY).length;
    await act(() => vi.advanceTimersByTimeAsync(LIMIT_RECHECK_MS * 2));
    expect(callsTo(fetchMock, DAILY)).toHaveLength(asked);
  });

  it('stops at the daily limit before moderation when another tab reached it meanwhile', async () => {
    let calls = 0;
    const { fetchMock, textbox } = await setup({
      [DAILY]: () =>
        jsonResponse(
          calls++ === 0 ? { allowed: true, limit: 3, used: 2 } : { allowed: false, limit: 3, used: 3 },
        ),
    });
    await waitFor(() => expect(calls).toBe(1));
    await type(textbox, 'One more thought');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Daily limit reached (3 entries/day). Try again tomorrow.'),
    );
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(0);
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
    expect(textbox).toHaveProperty('value', 'One more thought');
    // The fresh answer reaches the card too: it now says so, and offers nothing to click in vain.
    expect(await screen.findByText("You've written 3 of 3 entries today.", { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('shows the crisis message for 8 seconds on a self-harm verdict, and posts nothing', async () => {
    const { fetchMock, textbox } = await setup({
      [MODERATE]: json({
        safe: false,
        severity: 'high',
        flags: ['self_harm'],
        explanation: '',
        confidence: 1,
      }),
    });
    await type(textbox, 'A very dark night');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MODERATION_MESSAGES.crisis, {
        id: 'moderation-crisis',
        duration: 8000,
      }),
    );
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
    expect(textbox).toHaveProperty('value', 'A very dark night');
  });

  it('blocks medium severity with its message', async () => {
    const { fetchMock, textbox } = await setup({
      [MODERATE]: json({
        safe: false,
        severity: 'medium',
        flags: ['harassment'],
        explanation: '',
        confidence: 1,
      }),
    });
    await type(textbox, 'Something unkind');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MODERATION_MESSAGES.entryMedium));
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
  });

  it('warns on low severity and saves anyway', async () => {
    const { fetchMock, textbox } = await setup({
      [MODERATE]: json({
        safe: false,
        severity: 'low',
        flags: ['profanity'],
        explanation: '',
        confidence: 1,
      }),
    });
    await type(textbox, 'A damn good day');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(1));
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(MODERATION_MESSAGES.entryLow, expect.anything()),
    );
    // The success toasts follow the warning.
    expect(toast.success).not.toHaveBeenCalled();
    act(() => vi.mocked(toast.warning).mock.calls[0]?.[1]?.onAutoClose?.({} as never));
    expect(toast.success).toHaveBeenCalledWith(ENTRY_MESSAGES.created, expect.anything());
  });

  it("shows the server's refusal like its own, crisis included", async () => {
    const { textbox } = await setup({
      [MODERATE]: json(safeVerdict),
      [CREATE]: apiError(422, 'CONTENT_BLOCKED', MODERATION_MESSAGES.crisis, {
        details: { severity: 'high', flags: ['self-harm'], isCrisis: true },
      }),
    });
    await type(textbox, 'Words the client missed');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MODERATION_MESSAGES.crisis, {
        id: 'moderation-crisis',
        duration: 8000,
      }),
    );
    expect(textbox).toHaveProperty('value', 'Words the client missed');
  });

  it('says the save failed when the server fails', async () => {
    const { textbox } = await setup({ [CREATE]: apiError(500, 'INTERNAL', 'Boom') });
    await type(textbox, 'Lost?');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ENTRY_MESSAGES.createFailed, { description: 'Boom' }),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('says encryption failed when the salt cannot be had', async () => {
    const { textbox } = await setup({ 'GET /api/encryption/salt': json({}) });
    sessionStorage.clear();
    await type(textbox, 'No key today');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ENTRY_MESSAGES.encryptFailed, {
        description: ENTRY_MESSAGES.saltInvalid,
      }),
    );
  });

  it('keeps the draft encrypted while typing, restores it, and removes it after saving', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { key } = await testEntryKey();
    // The stored draft, opened with the user's key. Compared by content: a card of an earlier test may still be
    // writing its own draft as it unmounts, and that must not read as this card's.
    const storedDraft = async () => {
      const record = (await rawDraft()) as Record<string, string> | undefined;
      if (!record) return undefined;
      const opened = await decryptText(key, {
        ciphertext: record.encryptedContent!,
        iv: record.encryptionIv!,
      });
      return { record, content: JSON.parse(opened) as { text: string; mood: string | null } };
    };
    const first = await setup();
    await type(first.textbox, 'Half a thought');
    expect((await storedDraft())?.content.text).not.toBe('Half a thought');
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS));
    await waitFor(async () => expect((await storedDraft())?.content.text).toBe('Half a thought'));
    const { record, content } = (await storedDraft())!;
    // Nothing of the text is stored in plain form; it opens with the user's key (ADR 040).
    expect(JSON.stringify(record)).not.toContain('Half a thought');
    expect(localStorage.getItem(STORAGE_KEYS.journalDraft)).toBeNull();
    expect(content).toEqual({ text: 'Half a thought', mood: null });
    expect(Number.isNaN(Date.parse(record.savedAt!))).toBe(false);
    expect(screen.getByText(/^Last saved /)).toBeTruthy();
    first.unmount();

    await writeTestDraft({ text: 'Restored words', mood: 'Happy', savedAt: new Date().toISOString() });
    const second = await setup();
    await waitFor(() => expect(second.textbox).toHaveProperty('value', 'Restored words'));
    expect(screen.getByRole('button', { name: 'Choose mood (Happy)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(second.fetchMock, CREATE)).toHaveLength(1));
    await waitFor(async () => expect(await rawDraft()).toBeUndefined());
    await act(() => vi.advanceTimersByTimeAsync(DRAFT_SAVE_DELAY_MS * 2));
    expect(await rawDraft()).toBeUndefined();
  });

  it('carries a plain draft of an earlier version over, encrypted, and removes the plain one', async () => {
    localStorage.setItem(
      STORAGE_KEYS.journalDraft,
      JSON.stringify({ text: 'From before', mood: null, savedAt: new Date().toISOString() }),
    );
    const { textbox } = await setup();
    await waitFor(() => expect(textbox).toHaveProperty('value', 'From before'));
    expect(localStorage.getItem(STORAGE_KEYS.journalDraft)).toBeNull();
    await waitFor(async () => expect(await rawDraft()).toBeDefined());
    expect(JSON.stringify(await rawDraft())).not.toContain('From before');
  });

  it('discards the draft on reset', async () => {
    await writeTestDraft({ text: 'Never mind', mood: null, savedAt: new Date().toISOString() });
    const { textbox } = await setup();
    await waitFor(() => expect(textbox).toHaveProperty('value', 'Never mind'));
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(textbox).toHaveProperty('value', '');
    await waitFor(async () => expect(await rawDraft()).toBeUndefined());
  });

  it('opens on focus and folds 300 ms after a blur, unless it holds text or focus stays inside', async () => {
    const { textbox } = await setup();
    // Only the card's own timers from here on, on a clock that moves when told to.
    vi.useFakeTimers();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await act(async () => textbox.focus());
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    // Onto the card's own controls: stays open.
    await act(async () => screen.getByRole('button', { name: 'Inspire me' }).focus());
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    await act(async () => (document.activeElement as HTMLElement).blur());
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    await type(textbox, 'Something');
    await act(async () => textbox.blur());
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('cycles the five prompts with "Inspire me"', async () => {
    const { textbox } = await setup();
    const inspire = screen.getByRole('button', { name: 'Inspire me' });
    for (const prompt of [...INSPIRE_PROMPTS, INSPIRE_PROMPTS[0]]) {
      fireEvent.click(inspire);
      expect(textbox.getAttribute('placeholder')).toBe(prompt);
      expect(screen.getByText(prompt)).toBeTruthy();
    }
  });

  it('shows a suggested prompt (the dashboard theme) until "Inspire me" replaces it', async () => {
    const suggestion = "You've written about #work. What helped you with work this week?";
    const { textbox } = await setup({}, { prompt: suggestion });
    expect(textbox.getAttribute('placeholder')).toBe(suggestion);
    expect(screen.getByText(suggestion)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Inspire me' }));
    expect(textbox.getAttribute('placeholder')).toBe(INSPIRE_PROMPTS[0]);
    expect(screen.queryByText(suggestion)).toBeNull();
  });

  it('offers media and AI Assist only through their slots', async () => {
    const { textbox } = await setup();
    await act(async () => textbox.focus());
    expect(screen.queryByRole('button', { name: /attach/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'AI Assist' })).toBeNull();
  });

  it('hands the text to its assist slot and takes the replacement back', async () => {
    const { textbox } = await setup(
      {},
      {
        assist: (text, replaceText) => (
          <button type="button" onClick={() => replaceText(`${text} and more`)}>
            Assist
          </button>
        ),
      },
    );
    await act(async () => textbox.focus());
    fireEvent.change(textbox, { target: { value: 'A quiet walk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assist' }));
    expect((textbox as HTMLTextAreaElement).value).toBe('A quiet walk and more');
  });

  it('saves an attachment without text: its draft id and an encrypted empty text, then clears it', async () => {
    const { fetchMock, textbox } = await setup({}, { hasMediaSlot: true });
    await act(async () => textbox.focus());
    fireEvent.click(screen.getByRole('button', { name: 'Attach file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await decryptedBody(fetchMock)).toEqual({ text: '', moodTag: null, mediaDraftId: DRAFT_ID });
    // Cleared, with the text and mood.
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: "What's on your mind?" }));
  });

  it('sends text and its attachment together', async () => {
    const { fetchMock, textbox } = await setup({}, { hasMediaSlot: true });
    await type(textbox, 'The harbour at low tide');
    fireEvent.click(screen.getByRole('button', { name: 'Attach file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(1));
    expect(await decryptedBody(fetchMock)).toEqual({
      text: 'The harbour at low tide',
      moodTag: null,
      mediaDraftId: DRAFT_ID,
    });
  });

  it('stays open while a file is on its way or attached, and saves only once the upload is done', async () => {
    const { fetchMock, textbox } = await setup({}, { hasMediaSlot: true });
    vi.useFakeTimers();
    await act(async () => textbox.focus());
    fireEvent.click(screen.getByRole('button', { name: 'Start upload' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.keyDown(textbox, { key: 'Enter', ctrlKey: true });

    await act(async () => textbox.blur());
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Attach file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finish upload' }));
    await act(async () => textbox.focus());
    await act(async () => textbox.blur());
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);

    // "Discard draft" drops the file too, and folds the card.
    fireEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    await act(async () => textbox.focus());
    expect(screen.getByRole('button', { name: 'Attach file' })).toBeTruthy();
  });

  it('caps the text at 5,000 characters and removes control characters', async () => {
    const { textbox } = await setup();
    expect(textbox.getAttribute('maxLength')).toBe('5000');
    await type(textbox, 'bell\u0007 and\r\nnew line');
    expect(textbox).toHaveProperty('value', 'bell and\nnew line');
  });

  it('refuses to write outside a secure context, and says how to fix it', async () => {
    setSecureContext(false);
    await storeTestEntryKey();
    const fetchMock = stubApi(signedInHandlers());
    renderWithProviders(<QuickEntryCard />, { path: '/dashboard' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(ENTRY_MESSAGES.encryptionUnavailable);
    expect(alert.textContent).toContain(ENTRY_MESSAGES.insecureContext);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/encryption/salt')).toHaveLength(0);
  });
});
