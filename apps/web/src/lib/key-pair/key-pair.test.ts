import {
  api,
  deriveKeyPairWrapKeyV2,
  importAccountKey,
  keyProof,
  randomKeyBytes,
  sealTextToPublicKey,
  sealToPublicKey,
  unwrapPrivateKey,
} from '@daybook/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, sessionUser } from '../../test/api.ts';
import { allowConsoleOutput } from '../../test/console.ts';
import { storeTestEntryKey, testEntryKey } from '../../test/entries.ts';
import { forgetAccountKeys, keepAccountKey } from '../private-keys/session-key.ts';
import { ensureKeyPair, forgetKeyPair, keyPairSwitchStep, myKeyPair, openForMe } from './key-pair.ts';
import { keyPairServer } from './test-server.ts';
import { keepKeyPair } from './upkeep.ts';

/*
 * The key pair in the browser (ADR 102) with real WebCrypto: the standard key derived as the app derives it, private
 * mode's account key kept as lib/private-keys keeps it, and a stand-in for the server's endpoints with its rules
 * (test-server.ts; the server's own tests hold the real thing to them).
 */

const USER = sessionUser.id;
const user = { id: USER };
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Private mode unlocked in this tab, as lib/private-keys leaves it; `raw` unlocks the same key again. */
async function unlock(raw = randomKeyBytes()) {
  keepAccountKey(USER, raw);
  const accountKey = await importAccountKey(raw);
  return { raw, proof: await keyProof(accountKey), wrapKey: await deriveKeyPairWrapKeyV2(accountKey) };
}

describe('the account’s key pair in the browser', () => {
  beforeEach(async () => {
    forgetAccountKeys();
    forgetKeyPair();
    await storeTestEntryKey();
  });

  it('makes a standard account’s pair once, under the standard key, and opens what is sealed to it', async () => {
    const server = keyPairServer({ mode: 'standard' });
    await ensureKeyPair(user);
    const row = server.row();
    expect(row?.wrapKind).toBe(1);
    // The wrap opens with the standard key, as the server could open it: that mode lets it read everything.
    const { key } = await testEntryKey();
    await unwrapPrivateKey(key, row?.wrappedPrivateKey ?? '', 1, USER);

    // Already made: the next sign-in only reads it.
    await ensureKeyPair(user);
    expect(callsTo(server.fetchMock, `POST ${api.keyPairs.mine.path}`)).toHaveLength(1);

    const pair = await myKeyPair(USER);
    expect(pair?.publicKey).toBe(row?.publicKey);
    const sealed = await sealTextToPublicKey(
      row?.publicKey ?? '',
      'Thank you for the tide pools',
      'thank-you|s1',
    );
    expect(decode(await openForMe(USER, sealed, 'thank-you|s1'))).toBe('Thank you for the tide pools');
    // Another context (a note moved to another share) does not open.
    await expect(openForMe(USER, sealed, 'thank-you|s2')).rejects.toMatchObject({
      code: 'SEALED_UNOPENABLE',
    });
    // Unwrapped once per tab: the second open asks the server nothing.
    const reads = callsTo(server.fetchMock, `GET ${api.keyPairs.mine.path}`).length;
    await openForMe(USER, sealed, 'thank-you|s1');
    expect(callsTo(server.fetchMock, `GET ${api.keyPairs.mine.path}`)).toHaveLength(reads);
  });

  it('the shell’s check asks once per load, and does more only when there is something it can do', async () => {
    const server = keyPairServer({ mode: 'standard' });
    await keepKeyPair(USER);
    expect(server.row()?.wrapKind).toBe(1);
    const reads = () => callsTo(server.fetchMock, `GET ${api.keyPairs.mine.path}`).length;
    const before = reads();
    await keepKeyPair(USER);
    expect(reads()).toBe(before + 1);
    expect(callsTo(server.fetchMock, `POST ${api.keyPairs.mine.path}`)).toHaveLength(1);

    // A private-mode account, locked here: one request, nothing made.
    const locked = keyPairServer({ mode: 'private', proof: 'unused' });
    await keepKeyPair(USER);
    expect(callsTo(locked.fetchMock, `GET ${api.keyPairs.mine.path}`)).toHaveLength(1);
    expect(locked.row()).toBeNull();
  });

  it('makes one pair when several calls come at once', async () => {
    const server = keyPairServer({ mode: 'standard' });
    await Promise.all([ensureKeyPair(user), ensureKeyPair(user), ensureKeyPair(user)]);
    expect(callsTo(server.fetchMock, `POST ${api.keyPairs.mine.path}`)).toHaveLength(1);
    expect(server.row()).not.toBeNull();
  });

  it('in private mode waits for the unlock, then wraps the pair under the account key with its proof', async () => {
    const proof = await keyProof(await importAccountKey(randomKeyBytes()));
    const server = keyPairServer({ mode: 'private', proof });
    await ensureKeyPair(user);
    expect(server.row()).toBeNull();
    expect(await myKeyPair(USER)).toBeNull();

    const unlocked = await unlock();
    const serverNow = keyPairServer({ mode: 'private', proof: unlocked.proof });
    await ensureKeyPair(user);
    const row = serverNow.row();
    expect(row?.wrapKind).toBe(2);
    expect(callsTo(serverNow.fetchMock, `POST ${api.keyPairs.mine.path}`)).toEqual([
      expect.objectContaining({ wrapKind: 2, keyProof: unlocked.proof }),
    ]);
    // The standard key (which the server can derive) does not open it; the account key's does.
    const { key } = await testEntryKey();
    await expect(unwrapPrivateKey(key, row?.wrappedPrivateKey ?? '', 2, USER)).rejects.toMatchObject({
      code: 'PRIVATE_KEY_UNOPENABLE',
    });
    await unwrapPrivateKey(unlocked.wrapKey, row?.wrappedPrivateKey ?? '', 2, USER);

    const sealed = await sealToPublicKey(row?.publicKey ?? '', Uint8Array.of(1, 2, 3), 'share-key|a');
    expect(await openForMe(USER, sealed, 'share-key|a')).toEqual(Uint8Array.of(1, 2, 3));
    // Locked again ("Lock now"): the pair is not held any more.
    forgetAccountKeys(USER);
    expect(await myKeyPair(USER)).toBeNull();
    await expect(openForMe(USER, sealed, 'share-key|a')).rejects.toMatchObject({
      code: 'PRIVATE_KEY_UNOPENABLE',
    });
  });

  it('rewraps, never remakes, when the mode changed: what was sealed before keeps opening', async () => {
    const unlocked = await unlock();
    forgetAccountKeys(USER);
    const server = keyPairServer({ mode: 'standard', proof: unlocked.proof });
    await ensureKeyPair(user);
    const before = server.row();
    const sealed = await sealTextToPublicKey(
      before?.publicKey ?? '',
      'Sealed while standard',
      'thank-you|s9',
    );

    // Private mode set up; the pair waits for the unlock to move under the account key.
    server.setMode('private');
    await ensureKeyPair(user);
    expect(server.row()?.wrapKind).toBe(1);
    await unlock(unlocked.raw);
    await ensureKeyPair(user);
    expect(server.row()).toMatchObject({ publicKey: before?.publicKey, wrapKind: 2 });
    expect(callsTo(server.fetchMock, `POST ${api.keyPairs.mine.path}`)).toHaveLength(1);
    forgetKeyPair();
    expect(decode(await openForMe(USER, sealed, 'thank-you|s9'))).toBe('Sealed while standard');
  });

  it('gives the switch a step that moves the pair to the kind it heads to, before the finish', async () => {
    const unlocked = await unlock();
    const server = keyPairServer({ mode: 'private', proof: unlocked.proof });
    await ensureKeyPair(user);
    const sealed = await sealTextToPublicKey(
      server.row()?.publicKey ?? '',
      'Sealed while private',
      'thank-you|x',
    );

    server.setMode('switching-off');
    const step = keyPairSwitchStep(USER, 'standard');
    expect(await step.count()).toBe(1);
    const progress: { done: number; total: number }[] = [];
    expect(await step.run((p) => progress.push(p))).toEqual({ converted: 1, unreadable: 0 });
    expect(progress).toEqual([
      { done: 0, total: 1 },
      { done: 1, total: 1 },
    ]);
    expect(server.row()?.wrapKind).toBe(1);
    expect(await step.count()).toBe(0);
    expect(await step.run(() => undefined)).toEqual({ converted: 0, unreadable: 0 });

    // The finish forgets the account key; the pair opens with the standard key from here on.
    server.setMode('standard');
    forgetAccountKeys(USER);
    forgetKeyPair();
    expect(decode(await openForMe(USER, sealed, 'thank-you|x'))).toBe('Sealed while private');
    // Switching on again, the step turns it back.
    server.setMode('private');
    await unlock(unlocked.raw);
    const on = keyPairSwitchStep(USER, 'private');
    expect(await on.count()).toBe(1);
  });

  it('never throws to the caller: a failure is logged, and the next call makes the pair', async () => {
    allowConsoleOutput(/The key pair could not be made or rewrapped/);
    const server = keyPairServer({ mode: 'standard', failWith: 500 });
    await expect(ensureKeyPair(user)).resolves.toBeUndefined();
    expect(server.row()).toBeNull();
    server.setFailure(undefined);
    await ensureKeyPair(user);
    expect(server.row()?.wrapKind).toBe(1);
  });

  it('is quiet while the server has no key pair route yet (an update rolling out)', async () => {
    const server = keyPairServer({ mode: 'standard', failWith: 404 });
    await ensureKeyPair(user);
    expect(server.row()).toBeNull();
  });
});
