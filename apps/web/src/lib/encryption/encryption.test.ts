import { api, ENCRYPTION, ENTRY_MESSAGES } from '@daybook/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, json, sessionUser, stubApi } from '../../test/api.ts';
import { TEST_SALT, testEntryKey } from '../../test/entries.ts';
import { createTestQueryClient, jsonResponse } from '../../test/render.tsx';
import { clearUserData, setSessionUser } from '../session/session-state.ts';
import { openEntries, openEntryText, sealEntryText } from './entry-cipher.ts';
import { forgetEntryKeys, loadEntryKey } from './entry-key.ts';
import { fetchSalt } from './get-salt.ts';

const SALT_PATH = api.entries.encryptionSalt.path;

import { encryptionSupport } from './support.ts';

const storageKey = ENCRYPTION.sessionStorageKey(sessionUser.id);

function setSecureContext(value: boolean | undefined) {
  Object.defineProperty(window, 'isSecureContext', { value, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  setSecureContext(undefined);
});

describe('fetchSalt', () => {
  it('tries 3 times, waiting 500 ms and then 1000 ms', async () => {
    vi.useFakeTimers();
    const start = Date.now();
    const calledAt: number[] = [];
    stubApi({
      [`GET ${SALT_PATH}`]: () => {
        calledAt.push(Date.now() - start);
        return calledAt.length < 3
          ? jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500)
          : jsonResponse({ salt: TEST_SALT });
      },
    });
    const salt = fetchSalt();
    await vi.advanceTimersByTimeAsync(0);
    expect(calledAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(499);
    expect(calledAt).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calledAt).toEqual([0, 500]);
    await vi.advanceTimersByTimeAsync(999);
    expect(calledAt).toEqual([0, 500]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calledAt).toEqual([0, 500, 1500]);
    await expect(salt).resolves.toBe(TEST_SALT);
  });

  it('gives up after the third failure with the spec message', async () => {
    vi.useFakeTimers();
    const fetchMock = stubApi({ [`GET ${SALT_PATH}`]: apiError(503, 'UNAVAILABLE', 'Down') });
    const salt = fetchSalt();
    const outcome = expect(salt).rejects.toThrow(ENTRY_MESSAGES.saltFetchFailed);
    await vi.advanceTimersByTimeAsync(1500);
    await outcome;
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(ENTRY_MESSAGES.saltFetchFailed).toBe('Failed to fetch encryption salt after 3 attempts');
  });

  it.each([[{}], [{ salt: '' }], [{ salt: 'not base64!' }], [null]])(
    'refuses an answer without a usable salt (%j) at once',
    async (answer) => {
      const fetchMock = stubApi({ [`GET ${SALT_PATH}`]: json(answer) });
      await expect(fetchSalt()).rejects.toThrow('Invalid salt response from server');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  it('does not retry once the session is gone', async () => {
    const fetchMock = stubApi({
      [`GET ${SALT_PATH}`]: apiError(401, 'UNAUTHENTICATED', 'Not authenticated'),
    });
    await expect(fetchSalt()).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the entry key', () => {
  it('is derived once, kept in sessionStorage for the session and reused', async () => {
    const fetchMock = stubApi({ [`GET ${SALT_PATH}`]: json({ salt: TEST_SALT }) });
    const first = await loadEntryKey(sessionUser.id);
    expect(sessionStorage.getItem(storageKey)).toBe((await testEntryKey()).raw);

    const second = await loadEntryKey(sessionUser.id);
    expect(callsTo(fetchMock, `GET ${SALT_PATH}`)).toHaveLength(1);
    // Both are the same key: what one seals, the other opens; in memory it cannot be exported.
    const sealed = await sealEntryText(first, 'Dear diary');
    expect(await openEntryText(second, sealed)).toEqual({ text: 'Dear diary', isDecryptionFailed: false });
    expect(second.extractable).toBe(false);
  });

  it('derives again when the stored key is unusable', async () => {
    sessionStorage.setItem(storageKey, 'bm90IGEga2V5');
    const fetchMock = stubApi({ [`GET ${SALT_PATH}`]: json({ salt: TEST_SALT }) });
    await loadEntryKey(sessionUser.id);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(storageKey)).toBe((await testEntryKey()).raw);
  });

  it('is forgotten when the user data is cleared at sign-out', async () => {
    sessionStorage.setItem(storageKey, (await testEntryKey()).raw);
    sessionStorage.setItem('theme-note', 'kept');
    const client = createTestQueryClient();
    setSessionUser(client, sessionUser);
    clearUserData(client);
    expect(sessionStorage.getItem(storageKey)).toBeNull();
    expect(sessionStorage.getItem('theme-note')).toBe('kept');
    forgetEntryKeys();
  });

  it('is refused outside a secure context, without asking the server', async () => {
    setSecureContext(false);
    const fetchMock = stubApi({});
    expect(encryptionSupport()).toMatchObject({
      isAvailable: false,
      message: ENTRY_MESSAGES.insecureContext,
    });
    await expect(loadEntryKey(sessionUser.id)).rejects.toThrow(ENTRY_MESSAGES.insecureContext);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is refused where WebCrypto is missing', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(encryptionSupport()).toMatchObject({ isAvailable: false, reason: 'no-web-crypto' });
    await expect(loadEntryKey(sessionUser.id)).rejects.toThrow(/Web Crypto/);
  });
});

describe('decryption', () => {
  it('says "[Decryption failed - please contact support]" instead of throwing', async () => {
    const { key } = await testEntryKey();
    const good = await sealEntryText(key, 'Readable');
    const entries = [
      { id: 'a', ...good },
      { id: 'b', encryptedContent: good.encryptedContent, encryptionIv: 'AAAAAAAAAAAAAAAA' },
      { id: 'c', encryptedContent: 'garbage', encryptionIv: null },
      { id: 'd', encryptedContent: null, encryptionIv: null },
    ];
    const opened = await openEntries(key, entries);
    expect(opened.map(({ id, text, isDecryptionFailed }) => ({ id, text, isDecryptionFailed }))).toEqual([
      { id: 'a', text: 'Readable', isDecryptionFailed: false },
      { id: 'b', text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true },
      { id: 'c', text: ENTRY_MESSAGES.decryptionFailed, isDecryptionFailed: true },
      { id: 'd', text: '', isDecryptionFailed: false },
    ]);
  });

  it('decrypts a long list in batches, in order', async () => {
    const { key } = await testEntryKey();
    const texts = Array.from({ length: 12 }, (_, index) => `Entry ${index}`);
    const entries = await Promise.all(texts.map(async (text) => sealEntryText(key, text)));
    const opened = await openEntries(key, entries);
    expect(opened.map((entry) => entry.text)).toEqual(texts);
  });
});
