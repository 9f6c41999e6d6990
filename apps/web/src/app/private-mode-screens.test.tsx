import {
  api,
  deriveEntryKeyV2,
  type Entry,
  importAccountKey,
  PRIVATE_MODE_COPY,
  PRIVATE_MODE_MESSAGES,
  type PrivateKeyMaterial,
  sealEntryTextV2,
  sealMoodV2,
} from '@daybook/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EntryList } from '../features/entries/components/EntryList.tsx';
import PrivateModeSection from '../features/private-mode/components/PrivateModeSection.tsx';
import UnlockCard from '../features/private-mode/components/UnlockCard.tsx';
import {
  setUpPrivateMode,
  unlockedAccountKey,
  unlockWithPassphrase,
} from '../lib/private-keys/private-mode.ts';
import { forgetAccountKeys } from '../lib/private-keys/session-key.ts';
import { callsTo, sessionUser, signedInHandlers, stubApi } from '../test/api.ts';
import { entryPage, sealedEntry, storeTestEntryKey } from '../test/entries.ts';
import { jsonResponse, renderWithProviders } from '../test/render.tsx';

/*
 * Private mode's screens (ADR 095) over the real key layer (Argon2id in WebAssembly, WebCrypto, the BIP-39 words)
 * and a stand-in for the server's endpoints that keeps what it is sent, as lib/private-keys/private-mode.test.ts
 * does (the server's own tests: apps/server/test/private-mode.test.ts).
 */

const USER = sessionUser.id;
const PASSWORD = 'Quiet-River-42';
const PASSPHRASE = 'otters hold hands while they sleep';
const NEW_PASSPHRASE = 'the kettle sings in the blue kitchen';
const STATUS = {
  isSetUp: true,
  setUpAt: '2026-11-29T10:00:00.000Z',
  passphraseChangedAt: '2026-11-29T10:00:00.000Z',
  recoveryKeyChangedAt: '2026-11-29T10:00:00.000Z',
};
const NOT_SET_UP = { isSetUp: false, setUpAt: null, passphraseChangedAt: null, recoveryKeyChangedAt: null };

/** The key endpoints as the server keeps them: the last wraps sent, answered back to unlock. */
function keyServer(extra: Parameters<typeof stubApi>[0] = {}) {
  let stored: PrivateKeyMaterial | null = null;
  const fetchMock = stubApi({
    ...signedInHandlers(),
    [`GET ${api.privateMode.status.path}`]: () => jsonResponse(stored ? STATUS : NOT_SET_UP),
    [`POST ${api.privateMode.setUp.path}`]: ({ body }) => {
      const { kdf, passphraseWrap, recoveryWrap, password } = body as PrivateKeyMaterial & {
        password: string;
      };
      if (password !== PASSWORD)
        return jsonResponse(
          { code: 'CURRENT_PASSWORD_INCORRECT', message: 'Your password is incorrect' },
          400,
        );
      stored = { kdf, passphraseWrap, recoveryWrap };
      return jsonResponse(STATUS, 201);
    },
    [`GET ${api.privateMode.keys.path}`]: () =>
      stored ? jsonResponse(stored) : jsonResponse({ code: 'PRIVATE_MODE_NOT_SET_UP', message: 'None' }, 404),
    [`PUT ${api.privateMode.changePassphrase.path}`]: ({ body }) => {
      const { kdf, passphraseWrap } = body as PrivateKeyMaterial;
      stored = { ...stored!, kdf, passphraseWrap };
      return jsonResponse(STATUS);
    },
    [`PUT ${api.privateMode.replaceRecoveryKey.path}`]: ({ body }) => {
      stored = { ...stored!, recoveryWrap: (body as PrivateKeyMaterial).recoveryWrap };
      return jsonResponse(STATUS);
    },
    [`POST ${api.privateMode.startFresh.path}`]: ({ body }) => {
      if ((body as { password: string }).password !== PASSWORD)
        return jsonResponse(
          { code: 'CURRENT_PASSWORD_INCORRECT', message: 'Your password is incorrect' },
          400,
        );
      stored = null;
      return jsonResponse({ ok: true, message: PRIVATE_MODE_MESSAGES.startedFresh });
    },
    ...extra,
  });
  return { fetchMock, stored: () => stored };
}

/** A new tab: nothing unlocked in memory or in sessionStorage. */
const newTab = () => forgetAccountKeys();

/** Private mode set up through the lib (as the set-up screen does), then a new tab that holds no key. */
async function setUpThenNewTab() {
  const { recoveryWords } = await setUpPrivateMode(USER, {
    password: PASSWORD,
    passphrase: PASSPHRASE,
    confirmPassphrase: PASSPHRASE,
  });
  const raw = (await unlockedAccountKey(USER))!.raw;
  newTab();
  return { recoveryWords, raw };
}

/** A version-2 entry as the API answers it, sealed under the account key `raw`. */
async function privateEntry(raw: Uint8Array<ArrayBuffer>, text: string): Promise<Entry> {
  const key = await deriveEntryKeyV2(await importAccountKey(raw));
  const sealed = await sealEntryTextV2(key, USER, text);
  return {
    ...(await sealedEntry('unused')),
    encryptionVersion: 2,
    encryptedContent: sealed.ciphertext,
    encryptionIv: sealed.iv,
    moodTag: null,
    encryptedMood: await sealMoodV2(key, USER, 'Grateful'),
  };
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function renderSection() {
  return renderWithProviders(<PrivateModeSection userId={USER} email={sessionUser.email} />, {
    path: '/profile',
  });
}

/** The unlock card above the journal, as the signed-in shell shows them. */
function renderLockedJournal() {
  const onClose = vi.fn();
  renderWithProviders(
    <>
      <UnlockCard userId={USER} onClose={onClose} />
      <EntryList />
    </>,
    { path: '/dashboard' },
  );
  return { onClose };
}

beforeEach(async () => {
  newTab();
  await storeTestEntryKey();
});

describe('setting private mode up from the profile', () => {
  it('explains what it protects, then shows the recovery key once and finishes only once it is saved', async () => {
    const server = keyServer();
    renderSection();
    expect(await screen.findByText(PRIVATE_MODE_COPY.protects[0]!)).toBeTruthy();
    expect(screen.getByText(PRIVATE_MODE_COPY.doesNotProtect[0]!)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up private mode' }));

    type('Your sign-in password', PASSWORD);
    type('Passphrase', 'too short');
    expect(screen.getByText(/At least 12 characters/)).toBeTruthy();
    type('Passphrase', PASSPHRASE);
    expect(
      screen.getByRole('progressbar', { name: 'Passphrase strength' }).getAttribute('aria-valuetext'),
    ).toBe('Strong');
    type('Confirm passphrase', PASSPHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Set up private mode' }));
    expect(await screen.findByText(/Making your key/)).toBeTruthy();

    const list = await screen.findByRole('list', { name: 'Recovery key' }, { timeout: 15_000 });
    const words = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/^\d+\./, ''));
    expect(words).toHaveLength(24);
    expect(server.stored()).not.toBeNull();
    // Nothing the server received holds the words or the passphrase.
    const sent = JSON.stringify(callsTo(server.fetchMock, `POST ${api.privateMode.setUp.path}`));
    expect(sent).not.toContain(PASSPHRASE);
    expect(sent).not.toContain(words.join(' '));
    expect(screen.getByRole('button', { name: 'Download as .txt' })).toBeTruthy();

    const finish = screen.getByRole('button', { name: 'Finish setting up' });
    expect(finish).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery key somewhere safe'));
    fireEvent.click(finish);

    expect(await screen.findByText(/Private mode is on since/)).toBeTruthy();
    expect(screen.getByText('Unlocked in this browser session.')).toBeTruthy();
    // Shown once: the words are gone and nothing offers them again.
    expect(screen.queryByRole('list', { name: 'Recovery key' })).toBeNull();
    for (const word of words.slice(0, 3)) expect(screen.queryByText(word!)).toBeNull();
  });

  it('refuses the sign-in password as the passphrase before sending anything', async () => {
    const server = keyServer();
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up private mode' }));
    type('Your sign-in password', PASSWORD);
    type('Passphrase', PASSWORD);
    type('Confirm passphrase', PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Set up private mode' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      PRIVATE_MODE_MESSAGES.passphraseIsPassword,
    );
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.setUp.path}`)).toEqual([]);
  });
});

describe('unlocking once per browser session', () => {
  it('opens a locked entry without a reload: the journal is fetched again with the key', async () => {
    const server = keyServer();
    const { raw } = await setUpThenNewTab();
    server.fetchMock.mockClear();
    const entries = [await privateEntry(raw, 'The heron stood still in the rain')];
    const list = vi.fn(() => jsonResponse(entryPage(entries)));
    keyServerWithList(server, list);
    const { onClose } = renderLockedJournal();

    expect(await screen.findByText(PRIVATE_MODE_MESSAGES.entryLocked)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Unlock' })).toBeTruthy();
    const listCalls = list.mock.calls.length;

    type('Passphrase', PASSPHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(/Unlocking/)).toBeTruthy();
    expect(
      await screen.findByText('The heron stood still in the rain', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByText(PRIVATE_MODE_MESSAGES.entryLocked)).toBeNull();
    expect(list.mock.calls.length).toBeGreaterThan(listCalls);
    expect(onClose).toHaveBeenCalled();
    expect(await unlockedAccountKey(USER)).not.toBeNull();
  });

  it('says when the passphrase is wrong, and keeps the journal locked', async () => {
    keyServer();
    await setUpThenNewTab();
    const { onClose } = renderLockedJournal();
    type('Passphrase', `${PASSPHRASE}s`);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(
      await screen.findByText(PRIVATE_MODE_MESSAGES.passphraseWrong, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Passphrase').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    expect(await unlockedAccountKey(USER)).toBeNull();
  });
});

describe('a forgotten passphrase', () => {
  it('opens with the recovery words typed loosely, then sets a new passphrase that unlocks the next session', async () => {
    const server = keyServer();
    const { recoveryWords } = await setUpThenNewTab();
    const { onClose } = renderLockedJournal();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your passphrase?' }));
    expect(screen.getByRole('heading', { name: 'Unlock with your recovery key' })).toBeTruthy();

    // A mistyped word is named before any request.
    type('Recovery key', ['otterz', ...recoveryWords.slice(1)].join(' '));
    fireEvent.click(screen.getByRole('button', { name: 'Unlock with recovery key' }));
    expect((await screen.findByRole('alert')).textContent).toContain('"otterz" (word 1)');

    // Numbered, capitalised, one a line: as copied from the downloaded file.
    type(
      'Recovery key',
      recoveryWords.map((word, index) => `${index + 1}. ${word.toUpperCase()}`).join('\n'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unlock with recovery key' }));
    expect(
      await screen.findByText(/Your recovery key opened your journal/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(await unlockedAccountKey(USER)).not.toBeNull();
    // Still open: the new passphrase is chosen here.
    expect(onClose).not.toHaveBeenCalled();

    type('New passphrase', NEW_PASSPHRASE);
    type('Confirm new passphrase', NEW_PASSPHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Save new passphrase' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 15_000 });
    expect(callsTo(server.fetchMock, `PUT ${api.privateMode.changePassphrase.path}`)).toHaveLength(1);

    newTab();
    await expect(unlockWithPassphrase(USER, NEW_PASSPHRASE)).resolves.toBeDefined();
  });

  it('with both lost, says nobody can read the entries and starts fresh only with the password and the typed words', async () => {
    const server = keyServer();
    await setUpThenNewTab();
    renderLockedJournal();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your passphrase?' }));
    fireEvent.click(screen.getByRole('button', { name: 'I have lost my recovery key too' }));
    expect(screen.getByText(PRIVATE_MODE_COPY.bothLost)).toBeTruthy();

    const start = screen.getByRole('button', { name: 'Start fresh' });
    expect(start).toHaveProperty('disabled', true);
    type('Your sign-in password', 'Wrong-Password-1');
    expect(start).toHaveProperty('disabled', true);
    type('Type "start fresh" to confirm', 'Start Fresh');
    expect(start).toHaveProperty('disabled', false);
    fireEvent.click(start);
    expect((await screen.findByRole('alert')).textContent).toContain('Your password is incorrect');
    expect(server.stored()).not.toBeNull();

    type('Your sign-in password', PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Start fresh' }));
    await waitFor(() => expect(server.stored()).toBeNull());
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.startFresh.path}`).at(-1)).toEqual({
      password: PASSWORD,
    });
  });
});

describe('the profile section when private mode is on', () => {
  it('changes the passphrase with the current one, makes a new recovery key shown once, and locks', async () => {
    const server = keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    renderSection();
    expect(await screen.findByText('Unlocked in this browser session.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    type('Current passphrase', 'not the passphrase');
    type('New passphrase', NEW_PASSPHRASE);
    type('Confirm new passphrase', NEW_PASSPHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    expect(
      await screen.findByText(PRIVATE_MODE_MESSAGES.passphraseWrong, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    type('Current passphrase', PASSPHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Change passphrase' }));
    expect(
      await screen.findByRole('button', { name: 'Make a new recovery key' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(callsTo(server.fetchMock, `PUT ${api.privateMode.changePassphrase.path}`)).toHaveLength(1);

    const before = server.stored()!.recoveryWrap;
    fireEvent.click(screen.getByRole('button', { name: 'Make a new recovery key' }));
    fireEvent.click(screen.getByRole('button', { name: 'Make a new recovery key' }));
    const list = await screen.findByRole('list', { name: 'Recovery key' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    expect(server.stored()!.recoveryWrap).not.toBe(before);
    expect(screen.getByRole('button', { name: 'Done' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('I have saved my recovery key somewhere safe'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Lock now' }));
    expect(await screen.findByText(/Locked in this browser/)).toBeTruthy();
    expect(await unlockedAccountKey(USER)).toBeNull();
    expect(screen.getByLabelText('Passphrase')).toBeTruthy();
  });
});

/** Adds the journal's list to a key server's stand-in. */
function keyServerWithList(server: ReturnType<typeof keyServer>, list: () => Response) {
  const handle = server.fetchMock.getMockImplementation()!;
  server.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init?.method ?? 'GET') === 'GET' && url.pathname === '/api/entries') return list();
    return handle(input, init);
  });
}
