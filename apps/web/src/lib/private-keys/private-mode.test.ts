import {
  api,
  decryptText,
  deriveEntryKeyV2,
  encryptText,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  PrivateKeyError,
  type PrivateKeyMaterial,
} from '@daybook/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, callsTo, json, sessionUser, stubApi } from '../../test/api.ts';
import { jsonResponse } from '../../test/render.tsx';
import { clearUserData, setSessionUser } from '../session/session-state.ts';
import {
  changePassphrase,
  PassphraseRulesError,
  replaceRecoveryKey,
  setUpPrivateMode,
  startFresh,
  unlockedAccountKey,
  unlockWithPassphrase,
  unlockWithRecoveryKey,
} from './private-mode.ts';
import { accountKeyStorageKey, forgetAccountKeys } from './session-key.ts';

/*
 * Private mode's key in the browser (ADR 089) with the real key layer (Argon2id in WebAssembly, WebCrypto) against
 * a stand-in for the server's endpoints that keeps what it is sent, as the server does (its own tests:
 * apps/server/test/private-mode.test.ts).
 */

const USER = sessionUser.id;
const PASSWORD = 'Quiet-River-42';
const PASSPHRASE = 'otters hold hands while they sleep';
const NEW_PASSPHRASE = 'the kettle sings in the blue kitchen';

/** What the server would keep: the last wraps it was sent, answered back to unlock. */
function keyServer() {
  let stored: PrivateKeyMaterial | null = null;
  const fetchMock = stubApi({
    [`POST ${api.privateMode.setUp.path}`]: ({ body }) => {
      const { kdf, passphraseWrap, recoveryWrap } = body as PrivateKeyMaterial;
      stored = { kdf, passphraseWrap, recoveryWrap };
      return jsonResponse(status(), 201);
    },
    [`GET ${api.privateMode.keys.path}`]: () =>
      stored ? jsonResponse(stored) : jsonResponse({ code: 'PRIVATE_MODE_NOT_SET_UP', message: 'None' }, 404),
    [`PUT ${api.privateMode.changePassphrase.path}`]: ({ body }) => {
      const { kdf, passphraseWrap } = body as PrivateKeyMaterial;
      stored = { ...stored!, kdf, passphraseWrap };
      return jsonResponse(status());
    },
    [`PUT ${api.privateMode.replaceRecoveryKey.path}`]: ({ body }) => {
      stored = { ...stored!, recoveryWrap: (body as PrivateKeyMaterial).recoveryWrap };
      return jsonResponse(status());
    },
    [`POST ${api.privateMode.startFresh.path}`]: () => {
      stored = null;
      return jsonResponse({ ok: true, message: PRIVATE_MODE_MESSAGES.startedFresh });
    },
  });
  const status = () => ({
    isSetUp: true,
    setUpAt: '2026-11-29T10:00:00.000Z',
    passphraseChangedAt: '2026-11-29T10:00:00.000Z',
    recoveryKeyChangedAt: '2026-11-29T10:00:00.000Z',
  });
  return { fetchMock, stored: () => stored };
}

/** A new tab: nothing unlocked in memory or in sessionStorage. */
const newTab = () => forgetAccountKeys();

/** Whether two unlocked keys are the same account key: one's entry key opens what the other's sealed. */
async function sameKey(a: { key: CryptoKey }, b: { key: CryptoKey }) {
  const sealed = await encryptText(await deriveEntryKeyV2(a.key), 'a sentence');
  return (await decryptText(await deriveEntryKeyV2(b.key), sealed)) === 'a sentence';
}

describe('private mode in the browser', () => {
  // Each test is a tab of its own (the setup file clears sessionStorage; this, the memory).
  beforeEach(newTab);

  it('sets up: sends only wraps, the proof and the password, answers 24 words and stays unlocked', async () => {
    const server = keyServer();
    const { recoveryWords } = await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    expect(recoveryWords).toHaveLength(24);

    const [sent] = callsTo(server.fetchMock, `POST ${api.privateMode.setUp.path}`) as Record<
      string,
      unknown
    >[];
    expect(Object.keys(sent!).sort()).toEqual([
      'kdf',
      'keyProof',
      'passphraseWrap',
      'password',
      'recoveryWrap',
    ]);
    expect(sent!.kdf).toMatchObject({ algorithm: 'argon2id', ...PRIVATE_MODE.kdf });
    const sentText = JSON.stringify(sent);
    expect(sentText).not.toContain(PASSPHRASE);
    expect(sentText).not.toContain(recoveryWords.join(' '));

    const held = await unlockedAccountKey(USER);
    expect(held).not.toBeNull();
    expect(sentText).not.toContain(sessionStorage.getItem(accountKeyStorageKey(USER)));
  });

  it('refuses, before sending anything, a short passphrase, a mistyped confirmation, or the sign-in password', async () => {
    const server = keyServer();
    const attempt = (passphrase: string, confirmPassphrase = passphrase) =>
      setUpPrivateMode(USER, { password: PASSWORD, passphrase, confirmPassphrase });
    await expect(attempt('too short')).rejects.toThrow(PRIVATE_MODE_MESSAGES.passphraseTooShort);
    await expect(attempt(PASSPHRASE, `${PASSPHRASE}.`)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.passphrasesDiffer,
    );
    const same = await attempt(PASSWORD).catch((error: unknown) => error);
    expect(same).toBeInstanceOf(PassphraseRulesError);
    expect((same as PassphraseRulesError).problems).toEqual([PRIVATE_MODE_MESSAGES.passphraseIsPassword]);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('unlocks once per browser session: the passphrase in a new tab, then a reload asks nothing', async () => {
    const server = keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    const afterSetUp = (await unlockedAccountKey(USER))!;

    newTab();
    expect(await unlockedAccountKey(USER)).toBeNull();
    const wrong = await unlockWithPassphrase(USER, `${PASSPHRASE}s`).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(PrivateKeyError);
    expect((wrong as PrivateKeyError).message).toBe(PRIVATE_MODE_MESSAGES.passphraseWrong);
    expect(await unlockedAccountKey(USER)).toBeNull();

    const unlocked = await unlockWithPassphrase(USER, PASSPHRASE);
    expect(await sameKey(unlocked, afterSetUp)).toBe(true);
    const fetches = server.fetchMock.mock.calls.length;
    // A reload keeps sessionStorage and loses memory: the key is read back without a request.
    const reloaded = await unlockedAccountKey(USER);
    expect(await sameKey(reloaded!, afterSetUp)).toBe(true);
    expect(server.fetchMock.mock.calls.length).toBe(fetches);
  });

  it('unlocks with the recovery key when the passphrase is forgotten, and then takes a new passphrase', async () => {
    keyServer();
    const { recoveryWords } = await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    const original = (await unlockedAccountKey(USER))!;
    newTab();

    const typo = [...recoveryWords];
    typo[2] = 'xylophone';
    await expect(unlockWithRecoveryKey(USER, typo.join(' '))).rejects.toThrow('"xylophone" (word 3)');
    await expect(unlockWithRecoveryKey(USER, recoveryWords.slice(1).join(' '))).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.recoveryWordCount(23),
    );

    const recovered = await unlockWithRecoveryKey(USER, recoveryWords.join('\n'));
    expect(await sameKey(recovered, original)).toBe(true);
    await changePassphrase(USER, { passphrase: NEW_PASSPHRASE, confirmPassphrase: NEW_PASSPHRASE });

    newTab();
    await expect(unlockWithPassphrase(USER, PASSPHRASE)).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.passphraseWrong,
    );
    expect(await sameKey(await unlockWithPassphrase(USER, NEW_PASSPHRASE), original)).toBe(true);
  });

  it('makes a new recovery key while unlocked; the old words stop opening the key', async () => {
    const server = keyServer();
    const first = await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    const second = await replaceRecoveryKey(USER);
    expect(second.recoveryWords).not.toEqual(first.recoveryWords);
    const [sent] = callsTo(server.fetchMock, `PUT ${api.privateMode.replaceRecoveryKey.path}`) as Record<
      string,
      unknown
    >[];
    expect(Object.keys(sent!).sort()).toEqual(['keyProof', 'recoveryWrap']);

    newTab();
    await expect(unlockWithRecoveryKey(USER, first.recoveryWords.join(' '))).rejects.toThrow(
      PRIVATE_MODE_MESSAGES.recoveryKeyWrong,
    );
    expect(await unlockWithRecoveryKey(USER, second.recoveryWords.join(' '))).toBeTruthy();
  });

  it('needs the key unlocked to change the passphrase or the recovery key', async () => {
    const server = keyServer();
    await expect(
      changePassphrase(USER, { passphrase: NEW_PASSPHRASE, confirmPassphrase: NEW_PASSPHRASE }),
    ).rejects.toThrow(PRIVATE_MODE_MESSAGES.keyProofWrong);
    await expect(replaceRecoveryKey(USER)).rejects.toThrow(PRIVATE_MODE_MESSAGES.keyProofWrong);
    expect(server.fetchMock).not.toHaveBeenCalled();
  });

  it('forgets a stale key when the server says it is no longer the account’s (a fresh start elsewhere)', async () => {
    keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    stubApi({
      [`PUT ${api.privateMode.replaceRecoveryKey.path}`]: apiError(
        409,
        'PRIVATE_KEY_PROOF_WRONG',
        PRIVATE_MODE_MESSAGES.keyProofWrong,
      ),
    });
    await expect(replaceRecoveryKey(USER)).rejects.toThrow(PRIVATE_MODE_MESSAGES.keyProofWrong);
    expect(await unlockedAccountKey(USER)).toBeNull();
  });

  it('refuses Argon2id costs under OWASP floor from the server without using the passphrase', async () => {
    keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    const material = (await (await fetch(api.privateMode.keys.path)).json()) as PrivateKeyMaterial;
    stubApi({
      [`GET ${api.privateMode.keys.path}`]: json({ ...material, kdf: { ...material.kdf, iterations: 1 } }),
    });
    newTab();
    // The answer's schema refuses it before Argon2id runs; the key layer's own floor is tested in packages/shared.
    await expect(unlockWithPassphrase(USER, PASSPHRASE)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(await unlockedAccountKey(USER)).toBeNull();
  });

  it('starts fresh: the old key is forgotten here once the server removed it', async () => {
    const server = keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    await startFresh(USER, PASSWORD);
    expect(callsTo(server.fetchMock, `POST ${api.privateMode.startFresh.path}`)).toEqual([
      { password: PASSWORD },
    ]);
    expect(await unlockedAccountKey(USER)).toBeNull();
    expect(server.stored()).toBeNull();

    // A wrong password keeps the key: nothing is forgotten until the server agrees.
    keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    stubApi({
      [`POST ${api.privateMode.startFresh.path}`]: apiError(400, 'CURRENT_PASSWORD_INCORRECT', 'Wrong'),
    });
    await expect(startFresh(USER, 'nope')).rejects.toThrow('Wrong');
    expect(await unlockedAccountKey(USER)).not.toBeNull();
  });

  it('is forgotten at sign-out with the rest of the user’s data', async () => {
    keyServer();
    await setUpPrivateMode(USER, {
      password: PASSWORD,
      passphrase: PASSPHRASE,
      confirmPassphrase: PASSPHRASE,
    });
    const client = new QueryClient();
    setSessionUser(client, sessionUser);
    clearUserData(client);
    expect(sessionStorage.getItem(accountKeyStorageKey(USER))).toBeNull();
    expect(await unlockedAccountKey(USER)).toBeNull();
  });
});
