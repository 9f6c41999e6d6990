import {
  deriveEntryKeyV2,
  type Entry,
  type EntryKey,
  importAccountKey,
  MODERATION_MESSAGES,
  openEntryTextV2,
  openMoodV2,
  PRIVATE_MODE_MESSAGES,
  randomKeyBytes,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { entryPage, safeVerdict, sealedEntry, storeTestEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { EntryList } from './components/EntryList.tsx';
import { QuickEntryCard } from './components/QuickEntryCard.tsx';

/*
 * Version-2 entries in the browser (ADR 094): with private mode unlocked in this session, the list opens text and
 * mood with the key derived from the account key; without it, the entry says it is locked; a save seals text and
 * mood, is moderated here by the shared classifier and never sends the text to be moderated.
 */

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const LIST = 'GET /api/entries';
const MODERATE = 'POST /api/moderation/text';
const CREATE = 'POST /api/entries';
const DAILY = 'GET /api/entries/limits/daily';

const accountKey = randomKeyBytes();
let privateKey: EntryKey;

/** A version-2 entry as the API answers it: text and mood sealed under the account's key. */
async function privateEntry(text: string, mood: string | null): Promise<Entry> {
  const base = await sealedEntry('unused');
  const sealed = await sealEntryTextV2(privateKey, sessionUser.id, text);
  return {
    ...base,
    encryptionVersion: 2,
    encryptedContent: sealed.ciphertext,
    encryptionIv: sealed.iv,
    moodTag: null,
    encryptedMood: await sealMoodV2(privateKey, sessionUser.id, mood),
  };
}

function cardOf(element: HTMLElement): HTMLElement {
  const card = element.closest('article');
  if (!card) throw new Error('No card');
  return card;
}

beforeEach(async () => {
  privateKey = await deriveEntryKeyV2(await importAccountKey(accountKey));
  await storeTestEntryKey();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => forgetAccountKeys());

describe('the list with version-2 entries', () => {
  it('opens text and mood with the unlocked key, beside version-1 entries', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const entries = [
      await privateEntry('Sealed under my own key', 'Grateful'),
      await sealedEntry('An older standard entry', { moodTag: 'Calm' }),
    ];
    stubApi({ ...signedInHandlers(), [LIST]: json(entryPage(entries)) });
    renderWithProviders(<EntryList />, { path: '/dashboard' });

    const card = cardOf(await screen.findByText('Sealed under my own key'));
    expect(within(card).getByText('Grateful')).toBeTruthy();
    expect(within(cardOf(screen.getByText('An older standard entry'))).getByText('Calm')).toBeTruthy();
  });

  it('says a private entry is locked while this session has not unlocked private mode', async () => {
    const entries = [await privateEntry('Not readable yet', 'Sad')];
    stubApi({ ...signedInHandlers(), [LIST]: json(entryPage(entries)) });
    renderWithProviders(<EntryList />, { path: '/dashboard' });

    expect(await screen.findByText(PRIVATE_MODE_MESSAGES.entryLocked)).toBeTruthy();
    expect(screen.queryByText('Not readable yet')).toBeNull();
    expect(screen.queryByText('Sad')).toBeNull();
  });
});

describe('editing a version-2 entry', () => {
  it('seals the new text and the mood it keeps, moderated here, never as version 1', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const entry = await privateEntry('Before the tide', 'Grateful');
    const fetchMock = stubApi({
      ...signedInHandlers(),
      [LIST]: json(entryPage([entry])),
      [MODERATE]: json(safeVerdict),
      [`PATCH /api/entries/${entry.id}`]: () => jsonResponse({ entry, moderation: { warning: null } }),
    });
    renderWithProviders(<EntryList />, { path: '/dashboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit entry' }), {
      target: { value: 'After the tide' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH /api/entries/${entry.id}`)).toHaveLength(1));

    const [body] = callsTo(fetchMock, `PATCH /api/entries/${entry.id}`) as Record<string, string>[];
    expect(body).toMatchObject({ encryptionVersion: 2 });
    expect(body).not.toHaveProperty('moodTag');
    expect(
      await openEntryTextV2(privateKey, sessionUser.id, {
        ciphertext: body!.encryptedContent!,
        iv: body!.encryptionIv!,
      }),
    ).toBe('After the tide');
    expect(await openMoodV2(privateKey, sessionUser.id, body!.encryptedMood!)).toBe('Grateful');
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(0);
  });
});

describe('saving in private mode', () => {
  async function setup() {
    keepAccountKey(sessionUser.id, accountKey);
    const created = await privateEntry('saved', null);
    const fetchMock = stubApi({
      ...signedInHandlers(),
      [DAILY]: json({ allowed: true, limit: 3, used: 0 }),
      [MODERATE]: json(safeVerdict),
      [CREATE]: () => jsonResponse({ entry: created, moderation: { warning: null } }, 201),
    });
    renderWithProviders(<QuickEntryCard />, { path: '/dashboard' });
    const textbox = await screen.findByRole('textbox', { name: "What's on your mind?" });
    return { fetchMock, textbox };
  }

  async function type(textbox: HTMLElement, value: string) {
    await act(async () => textbox.focus());
    fireEvent.change(textbox, { target: { value } });
  }

  it('seals text and mood as version 2 and never sends the text to be moderated', async () => {
    const { fetchMock, textbox } = await setup();
    await type(textbox, 'Only I can read this morning.');
    fireEvent.click(screen.getByRole('button', { name: 'Choose mood' }));
    const picker = await screen.findByRole('dialog', { name: 'How are you feeling?' });
    fireEvent.click(within(picker).getByRole('button', { name: 'Calm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, CREATE)).toHaveLength(1));

    const [body] = callsTo(fetchMock, CREATE) as Record<string, string>[];
    expect(body).toMatchObject({ encryptionVersion: 2 });
    expect(body).not.toHaveProperty('moodTag');
    expect(JSON.stringify(body)).not.toContain('Calm');
    expect(
      await openEntryTextV2(privateKey, sessionUser.id, {
        ciphertext: body!.encryptedContent!,
        iv: body!.encryptionIv!,
      }),
    ).toBe('Only I can read this morning.');
    expect(await openMoodV2(privateKey, sessionUser.id, body!.encryptedMood!)).toBe('Calm');
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(0);
  });

  it("blocks with the spec's crisis message from the shared classifier, sending nothing", async () => {
    const { fetchMock, textbox } = await setup();
    await type(textbox, 'I want to kill myself tonight');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(MODERATION_MESSAGES.crisis, {
        id: 'moderation-crisis',
        duration: 8000,
      }),
    );
    expect(callsTo(fetchMock, CREATE)).toHaveLength(0);
    expect(callsTo(fetchMock, MODERATE)).toHaveLength(0);
  });
});
