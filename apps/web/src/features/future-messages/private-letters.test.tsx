import {
  decryptText,
  deriveFutureMessageKeyV2,
  type EntryKey,
  FUTURE_MESSAGE_MESSAGES,
  type FutureMessage,
  importAccountKey,
  openFutureMessageFieldV2,
  PRIVATE_MODE_MESSAGES,
  randomKeyBytes,
} from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAccountKeys, keepAccountKey } from '../../lib/private-keys/session-key.ts';
import { apiError, callsTo, json, sessionUser, signedInHandlers, stubApi } from '../../test/api.ts';
import { storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { FutureMessageBanner } from './components/FutureMessageBanner.tsx';
import { FutureSelfCard } from './components/FutureSelfCard.tsx';
import type { ReencryptProgress } from './letter-conversion.ts';
import FutureMessagesPage from './pages/FutureMessagesPage.tsx';
import { futureMessagesReencryptStep } from './reencrypt-step.ts';
import { PRIVATE_LETTER_WORDS } from './schedule.ts';
import { premiumPlanFeatures, privateSealedMessage, sealedMessage } from './test-messages.ts';

/*
 * Letters to the future self in private mode (ADR 098), in the browser: with private mode unlocked, the dialog seals
 * subject and message under the account's key and sends no plaintext; the tick "Include the message in the e-mail"
 * says what it gives the server and adds a version-1 copy only when ticked; /me-ahead opens a delivered private
 * letter with the key and shows it locked without; switching on converts the version-1 letters here.
 */

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

const ZONE = 'Asia/Tokyo';
const SCHEDULE = 'POST /api/future-messages';
const SEND_DATE = `${new Date().getUTCFullYear() + 1}-03-01`;
type Part = { encryptedContent: string; encryptionIv: string };
type ScheduleBody = {
  subject: Part;
  message: Part;
  encryptionVersion?: number;
  emailCopy?: { subject: Part; message: Part };
  deliveryChannel: string;
};

const accountKey = randomKeyBytes();
let letterKey: EntryKey;

const openV2 = (field: 'subject' | 'message', part: Part) =>
  openFutureMessageFieldV2(letterKey, sessionUser.id, field, {
    ciphertext: part.encryptedContent,
    iv: part.encryptionIv,
  });

beforeAll(async () => {
  letterKey = await deriveFutureMessageKeyV2(await importAccountKey(accountKey));
  await import('./components/ScheduleMessageDialog.tsx');
});

beforeEach(async () => {
  await storeTestEntryKey();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

afterEach(() => forgetAccountKeys());

async function renderCard() {
  const fetchMock = stubApi({
    ...signedInHandlers(),
    'GET /api/me/plan-features': json(premiumPlanFeatures),
    'GET /api/health': json({ status: 'ok', database: 'up', driver: 'pglite', uptimeSeconds: 1 }),
    'GET /api/future-messages/upcoming': json({ items: [] }),
    [SCHEDULE]: async ({ body }) =>
      jsonResponse(
        {
          ...(await sealedMessage('x', 'y')),
          sendAt: (body as { sendAt: string }).sendAt,
          encryptionVersion: 2,
        },
        201,
      ),
  });
  renderWithProviders(<FutureSelfCard timeZone={ZONE} />, { path: '/dashboard' });
  fireEvent.click(await screen.findByRole('button', { name: 'Schedule a message' }));
  const dialog = await screen.findByRole('dialog', { name: 'Write to your future self' });
  return { fetchMock, dialog };
}

function fill(dialog: HTMLElement, subject: string, message: string) {
  fireEvent.change(within(dialog).getByLabelText(/^Subject/), { target: { value: subject } });
  fireEvent.change(within(dialog).getByLabelText(/^Message/), { target: { value: message } });
  fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: SEND_DATE } });
  fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '09:30' } });
}

const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule message' }));

async function sentBody(fetchMock: ReturnType<typeof stubApi>): Promise<ScheduleBody> {
  await waitFor(() => expect(callsTo(fetchMock, SCHEDULE)).toHaveLength(1));
  return callsTo(fetchMock, SCHEDULE)[0] as ScheduleBody;
}

describe('writing a letter in private mode', () => {
  it('seals subject and message under the account key: the request holds no plaintext and no copy for the server', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const { fetchMock, dialog } = await renderCard();
    expect(within(dialog).getByText(PRIVATE_LETTER_WORDS.sealed, { exact: false })).toBeTruthy();
    fill(dialog, 'To the one who stayed', 'Did the lighthouse keeper write back?');
    submit(dialog);

    const body = await sentBody(fetchMock);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain('lighthouse');
    expect(raw).not.toContain('stayed');
    expect(body.encryptionVersion).toBe(2);
    expect(body).not.toHaveProperty('emailCopy');
    expect(await openV2('subject', body.subject)).toBe('To the one who stayed');
    expect(await openV2('message', body.message)).toBe('Did the lighthouse keeper write back?');
    // Not the version-1 key the server can derive.
    const { key } = await testEntryKey();
    await expect(
      decryptText(key, { ciphertext: body.message.encryptedContent, iv: body.message.encryptionIv }),
    ).rejects.toThrow();
    await waitFor(() => expect(toast.success).toHaveBeenCalled());
  });

  it('offers the tick for an e-mail only, says what it gives the server, and adds the readable copy only when ticked', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const { fetchMock, dialog } = await renderCard();
    const tick = within(dialog).getByRole('checkbox', { name: PRIVATE_LETTER_WORDS.includeInEmail });
    expect(PRIVATE_LETTER_WORDS.includeInEmail).toBe('Include the message in the e-mail');
    expect((tick as HTMLInputElement).checked).toBe(false);
    const hint = document.getElementById(tick.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(PRIVATE_LETTER_WORDS.includeInEmailHint);
    expect(hint?.textContent).toContain("Daybook's server will read this one message");
    expect(hint?.textContent).toContain('a message from your past self is waiting');

    // In the app only, there is no e-mail to put it in.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'In-app' }));
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Both' }));

    fireEvent.click(within(dialog).getByRole('checkbox', { name: PRIVATE_LETTER_WORDS.includeInEmail }));
    fill(dialog, 'Read me in the inbox', 'The swifts come back in May.');
    submit(dialog);
    const body = await sentBody(fetchMock);
    expect(body.encryptionVersion).toBe(2);
    expect(await openV2('message', body.message)).toBe('The swifts come back in May.');
    // The copy is sealed with the version-1 key, which the server derives: it reads this one letter.
    const { key } = await testEntryKey();
    const copy = body.emailCopy!;
    expect(
      await decryptText(key, { ciphertext: copy.message.encryptedContent, iv: copy.message.encryptionIv }),
    ).toBe('The swifts come back in May.');
    expect(
      await decryptText(key, { ciphertext: copy.subject.encryptedContent, iv: copy.subject.encryptionIv }),
    ).toBe('Read me in the inbox');
  });

  it('holds the text to the limits here, since the server cannot read it, and sends nothing', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const { fetchMock, dialog } = await renderCard();
    fill(dialog, 'Fine', 'm'.repeat(5001));
    submit(dialog);
    expect(await within(dialog).findByText(FUTURE_MESSAGE_MESSAGES.messageTooLong)).toBeTruthy();
    expect(callsTo(fetchMock, SCHEDULE)).toHaveLength(0);
  });

  it('without private mode unlocked: version 1 as before, no tick', async () => {
    const { fetchMock, dialog } = await renderCard();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fill(dialog, 'Standard', 'A standard letter');
    submit(dialog);
    const body = await sentBody(fetchMock);
    expect(body).not.toHaveProperty('encryptionVersion');
    const { key } = await testEntryKey();
    expect(
      await decryptText(key, { ciphertext: body.message.encryptedContent, iv: body.message.encryptionIv }),
    ).toBe('A standard letter');
  });

  it('shows the server refusing a version-1 letter from a private account (locked here) with its message', async () => {
    const { dialog } = await renderCard();
    stubApi({
      ...signedInHandlers(),
      'GET /api/me/plan-features': json(premiumPlanFeatures),
      [SCHEDULE]: apiError(
        409,
        'ENCRYPTION_VERSION_REFUSED',
        PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey,
      ),
    });
    fill(dialog, 'Locked', 'Written while locked');
    submit(dialog);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(FUTURE_MESSAGE_MESSAGES.scheduleFailed, {
        description: PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey,
      }),
    );
  });
});

describe('/me-ahead with private letters', () => {
  async function renderPage(items: FutureMessage[]) {
    stubApi({
      ...signedInHandlers(),
      'GET /api/me/plan-features': json(premiumPlanFeatures),
      'GET /api/future-messages': json({ items, total: items.length }),
    });
    renderWithProviders(<FutureMessagesPage />, { path: '/me-ahead' });
    return screen.findByRole('list', { name: 'Your messages' });
  }

  const delivered = () =>
    privateSealedMessage(accountKey, 'The winter letter', 'You kept the fire going.', {
      status: 'sent',
      sentAt: '2026-11-01T08:01:00.000Z',
      deliveryChannel: 'in-app',
    });

  it('opens a delivered private letter with the unlocked key', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const list = await renderPage([await delivered()]);
    const row = (await within(list).findByText('The winter letter')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Read “The winter letter”' }));
    expect(await within(row).findByText('You kept the fire going.')).toBeTruthy();
  });

  it('shows it locked without the key, and nothing of its text', async () => {
    const list = await renderPage([await delivered()]);
    const [subject] = await within(list).findAllByText(PRIVATE_MODE_MESSAGES.futureMessageLocked);
    const row = subject!.closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Read this message' }));
    await waitFor(() =>
      expect(within(row).getAllByText(PRIVATE_MODE_MESSAGES.futureMessageLocked)).toHaveLength(2),
    );
    expect(screen.queryByText('The winter letter')).toBeNull();
    expect(screen.queryByText('You kept the fire going.')).toBeNull();
  });
});

describe('the arrival banner with a private letter', () => {
  async function renderBanner() {
    const letter = await privateSealedMessage(accountKey, 'Opened on arrival', 'x', { status: 'sent' });
    stubApi({
      ...signedInHandlers(),
      'GET /api/notifications/summary': json({
        latest: [
          {
            id: 'n-1',
            type: 'future_email',
            title: 'A message from your past self',
            message: '',
            isRead: false,
            createdAt: '2027-03-01T09:00:00.000Z',
            metadata: { futureMessageId: letter.id },
          },
        ],
        unreadCount: 1,
      }),
      [`GET /api/future-messages/${letter.id}`]: json(letter),
    });
    renderWithProviders(<FutureMessageBanner />, { path: '/dashboard' });
    return screen.findByRole('region', { name: FUTURE_MESSAGE_MESSAGES.bannerTitle });
  }

  it('shows the arrived letter’s subject opened with the unlocked key', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const region = await renderBanner();
    expect(await within(region).findByText('“Opened on arrival”')).toBeTruthy();
  });

  it('says how to read it while locked, and nothing of it', async () => {
    const region = await renderBanner();
    expect(await within(region).findByText(PRIVATE_MODE_MESSAGES.futureMessageLocked)).toBeTruthy();
    expect(within(region).queryByText(/Opened on arrival/)).toBeNull();
  });
});

describe('switching on: futureMessagesReencryptStep', () => {
  const LIST = 'GET /api/future-messages';

  /** A server holding version-1 letters that the PUT turns into version 2, as the real one does. */
  async function serverWith(letters: FutureMessage[], options: { refuse?: string } = {}) {
    const held = [...letters];
    const fetchMock = stubApi({
      ...signedInHandlers(),
      [LIST]: ({ url }) => {
        expect(url.searchParams.get('encryptionVersion')).toBe('1');
        const left = held.filter((letter) => letter.encryptionVersion === 1);
        const pageSize = Number(url.searchParams.get('pageSize'));
        const page = Number(url.searchParams.get('page'));
        return jsonResponse({
          items: left.slice(page * pageSize, (page + 1) * pageSize),
          total: left.length,
        });
      },
    });
    for (const letter of held) {
      const path = `PUT /api/future-messages/${letter.id}/private`;
      const previous = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) => {
        const url = new URL(String(input), 'http://localhost');
        if (`${init?.method} ${url.pathname}` !== path) return previous(input, init);
        if (options.refuse === letter.id)
          return jsonResponse({ code: 'NETWORK', message: 'The server is down' }, 503);
        const body = JSON.parse(String(init?.body));
        const index = held.findIndex((item) => item.id === letter.id);
        held[index] = {
          ...letter,
          encryptionVersion: 2,
          encryptedContent: body.message.encryptedContent,
          encryptionIv: body.message.encryptionIv,
          encryptedTitle: body.subject.encryptedContent,
          titleEncryptionIv: body.subject.encryptionIv,
        };
        return jsonResponse(held[index]);
      });
    }
    return { fetchMock, held };
  }

  it('converts every version-1 letter here, in place, with progress; the bodies hold no plaintext; a second run finds none', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const letters = [
      await sealedMessage('Pending one', 'the orchard in May'),
      await sealedMessage('Delivered one', 'the river walk', { status: 'sent' }),
      await sealedMessage('Cancelled one', 'never mind', { status: 'cancelled' }),
    ];
    const { fetchMock, held } = await serverWith(letters);
    expect(await futureMessagesReencryptStep.count()).toBe(3);

    const progress: ReencryptProgress[] = [];
    const outcome = await futureMessagesReencryptStep.run((step) => progress.push(step));
    expect(outcome).toEqual({ converted: 3, unreadable: 0 });
    expect(progress.at(0)).toEqual({ done: 0, total: 3 });
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });

    const puts = letters.flatMap((letter) =>
      callsTo(fetchMock, `PUT /api/future-messages/${letter.id}/private`),
    ) as ScheduleBody[];
    expect(puts).toHaveLength(3);
    for (const body of puts) {
      expect(body.encryptionVersion).toBe(2);
      expect(JSON.stringify(body)).not.toMatch(/orchard|river|never mind|Pending|Delivered|Cancelled/);
    }
    expect(await openV2('message', held[0]!)).toBe('the orchard in May');
    expect(
      await openV2('subject', {
        encryptedContent: held[1]!.encryptedTitle,
        encryptionIv: held[1]!.titleEncryptionIv,
      }),
    ).toBe('Delivered one');
    expect(await futureMessagesReencryptStep.count()).toBe(0);
    expect(await futureMessagesReencryptStep.run(() => undefined)).toEqual({ converted: 0, unreadable: 0 });
  });

  it('stops when aborted and resumes where it stopped; a damaged letter is stepped over, not lost', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const damaged = await sealedMessage('x', 'y', { encryptedContent: 'AAAAAAAAAAAAAAAAAAAAAAAA' });
    const letters = [await sealedMessage('First', 'one'), damaged, await sealedMessage('Third', 'three')];
    const { held } = await serverWith(letters);
    const controller = new AbortController();
    await expect(
      futureMessagesReencryptStep.run(({ done }) => {
        if (done === 1) controller.abort(new Error('tab closed'));
      }, controller.signal),
    ).rejects.toThrow('tab closed');
    expect(held.filter((letter) => letter.encryptionVersion === 2)).toHaveLength(1);

    expect(await futureMessagesReencryptStep.run(() => undefined)).toEqual({ converted: 1, unreadable: 1 });
    expect(held.map((letter) => letter.encryptionVersion)).toEqual([2, 1, 2]);
  });

  it('refuses to run while private mode is locked here, sending nothing', async () => {
    const { fetchMock } = await serverWith([await sealedMessage('Locked', 'out')]);
    await expect(futureMessagesReencryptStep.run(() => undefined)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.futureMessageNeedsPrivateKey,
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('stops on a server failure, with its message, leaving the rest for the next run', async () => {
    keepAccountKey(sessionUser.id, accountKey);
    const letters = [await sealedMessage('A', 'a'), await sealedMessage('B', 'b')];
    await serverWith(letters, { refuse: letters[0]!.id });
    await expect(futureMessagesReencryptStep.run(() => undefined)).rejects.toThrow('The server is down');
  });
});
