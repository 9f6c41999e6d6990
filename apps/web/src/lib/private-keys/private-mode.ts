import {
  type AccountKey,
  importAccountKey,
  type KdfParams,
  keyProof,
  PRIVATE_MODE,
  PRIVATE_MODE_MESSAGES,
  type PrivateKdf,
  PrivateKeyError,
  randomKdfSalt,
  randomKeyBytes,
  recoveryWrappingKey,
  unwrapAccountKey,
  type WrappingKey,
  wrapAccountKey,
} from '@daybook/shared';
import { isApiError } from '../api-client.ts';
import { assertEncryptionAvailable, EncryptionError } from '../encryption/support.ts';
import { fetchKeyMaterial, postSetUp, postStartFresh, putPassphraseWrap, putRecoveryWrap } from './api.ts';
import type { DeriveAnswer, DeriveRequest } from './argon2-worker.ts';
import { forgetAccountKeys, keepAccountKey, keptAccountKey } from './session-key.ts';

/*
 * Private mode's key in the browser (ADR 089): set up, unlock once per browser session with the passphrase or the
 * recovery key, change the passphrase, make a new recovery key, start fresh. The account key is made here and
 * leaves only wrapped; the passphrase and the recovery key never leave. Argon2id (hash-wasm's WebAssembly) and the
 * word list load with the first call that needs them, never with a page.
 */

/** The unlocked account key: non-extractable for deriving, and raw to be wrapped again. */
export type UnlockedAccountKey = { key: AccountKey; raw: Uint8Array<ArrayBuffer> };

/** Keeps the key for this browser session and answers it ready to use. */
async function hold(userId: string, raw: Uint8Array<ArrayBuffer>): Promise<UnlockedAccountKey> {
  const key = await importAccountKey(raw);
  keepAccountKey(userId, raw);
  return { key, raw };
}

/**
 * The key unlocked earlier in this browser session (this tab, a reload included), or null: the person is then asked
 * for the passphrase. Loads no Argon2id.
 */
export async function unlockedAccountKey(userId: string): Promise<UnlockedAccountKey | null> {
  const raw = keptAccountKey(userId);
  if (!raw) return null;
  try {
    return { key: await importAccountKey(raw), raw };
  } catch {
    // Not a key (tampered with): the person unlocks again.
    forgetAccountKeys(userId);
    return null;
  }
}

/** Argon2id and the word list, loaded on first use. */
const heavyKeyLayer = () => import('@daybook/shared/private-keys');

/**
 * Argon2id of the passphrase, in a worker where the browser has them, so the page keeps answering for the second
 * or two it takes (ADR 095, argon2-worker.ts); on this thread where there is none (tests) or the worker cannot start.
 */
async function derivePassphraseKey(passphrase: string, salt: string, kdf: KdfParams): Promise<WrappingKey> {
  const onThisThread = async () => (await heavyKeyLayer()).derivePassphraseKey(passphrase, salt, kdf);
  if (typeof Worker !== 'function') return onThisThread();
  let worker: Worker;
  try {
    worker = new Worker(new URL('./argon2-worker.ts', import.meta.url), { type: 'module', name: 'argon2id' });
  } catch {
    return onThisThread();
  }
  return new Promise<WrappingKey>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<DeriveAnswer>) => {
      worker.terminate();
      if ('key' in data) resolve(data.key);
      else if (data.error.code) reject(new PrivateKeyError(data.error.code, data.error.message));
      else reject(new Error(data.error.message));
    };
    // The worker's script did not load or run: the same work on this thread.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      onThisThread().then(resolve, reject);
    };
    worker.postMessage({ passphrase, salt, kdf } satisfies DeriveRequest);
  });
}

/** Private mode needs WebCrypto (a secure context) and WebAssembly. */
function assertPrivateModeAvailable(): void {
  assertEncryptionAvailable();
  if (typeof globalThis.WebAssembly?.instantiate !== 'function')
    throw new EncryptionError(PRIVATE_MODE_MESSAGES.unavailable);
}

/** A problem with what the person typed, shown beside the field; nothing was sent. */
export class PassphraseRulesError extends Error {
  override readonly name = 'PassphraseRulesError';
  constructor(readonly problems: string[]) {
    super(problems[0]);
  }
}

async function checkNewPassphrase(passphrase: string, confirmation: string, signInPassword?: string) {
  const { passphraseProblems } = await heavyKeyLayer();
  const problems = passphraseProblems(passphrase, signInPassword);
  if (passphrase !== confirmation) problems.push(PRIVATE_MODE_MESSAGES.passphrasesDiffer);
  if (problems.length > 0) throw new PassphraseRulesError(problems);
}

/** A passphrase's wrap of the key under a new salt and today's Argon2id costs. */
async function passphraseWrapOf(userId: string, raw: Uint8Array<ArrayBuffer>, passphrase: string) {
  const kdf: PrivateKdf = { algorithm: 'argon2id', salt: randomKdfSalt(), ...PRIVATE_MODE.kdf };
  const wrappingKey = await derivePassphraseKey(passphrase, kdf.salt, kdf);
  return { kdf, passphraseWrap: await wrapAccountKey(raw, wrappingKey, 'passphrase', userId) };
}

/** A new recovery key: its words, to show once, and its wrap of the key. */
async function newRecoveryKey(userId: string, raw: Uint8Array<ArrayBuffer>) {
  const { recoveryWordsOf } = await heavyKeyLayer();
  const recoveryKey = randomKeyBytes();
  const recoveryWrap = await wrapAccountKey(raw, await recoveryWrappingKey(recoveryKey), 'recovery', userId);
  return { recoveryWords: await recoveryWordsOf(recoveryKey), recoveryWrap };
}

/**
 * A rewrap the server refuses because the key here is not the account's (removed by a fresh start in another
 * browser) or there is none any more: the key kept here is stale and is forgotten, so the person is asked again.
 */
async function rewrap<T>(userId: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isApiError(error, 'PRIVATE_KEY_PROOF_WRONG') || isApiError(error, 'PRIVATE_MODE_NOT_SET_UP'))
      forgetAccountKeys(userId);
    throw error;
  }
}

async function requireUnlocked(userId: string): Promise<UnlockedAccountKey> {
  const held = await unlockedAccountKey(userId);
  if (!held) throw new EncryptionError(PRIVATE_MODE_MESSAGES.keyProofWrong);
  return held;
}

/**
 * Sets private mode's key up: a random account key, wrapped under the passphrase and under a new recovery key,
 * sent with the sign-in password (which the server checks, and which is compared here with the passphrase). The
 * key stays unlocked for this session. Answers the recovery key's 24 words, to be shown once.
 */
export async function setUpPrivateMode(
  userId: string,
  input: { password: string; passphrase: string; confirmPassphrase: string },
): Promise<{ recoveryWords: string[] }> {
  assertPrivateModeAvailable();
  await checkNewPassphrase(input.passphrase, input.confirmPassphrase, input.password);
  const raw = randomKeyBytes();
  const [passphrase, recovery] = await Promise.all([
    passphraseWrapOf(userId, raw, input.passphrase),
    newRecoveryKey(userId, raw),
  ]);
  await postSetUp({
    password: input.password,
    ...passphrase,
    recoveryWrap: recovery.recoveryWrap,
    keyProof: await keyProof(await importAccountKey(raw)),
  });
  await hold(userId, raw);
  return { recoveryWords: recovery.recoveryWords };
}

/** Unlocks with the passphrase: the stored wrap and Argon2id settings are fetched, and the key kept for the session. */
export async function unlockWithPassphrase(userId: string, passphrase: string): Promise<UnlockedAccountKey> {
  assertPrivateModeAvailable();
  const material = await fetchKeyMaterial();
  // Refuses costs under OWASP's floor before the passphrase is used (PrivateKeyError KDF_TOO_WEAK).
  const wrappingKey = await derivePassphraseKey(passphrase, material.kdf.salt, material.kdf);
  const raw = await unwrapAccountKey(material.passphraseWrap, wrappingKey, 'passphrase', userId);
  return hold(userId, raw);
}

/**
 * Unlocks with the recovery key's words (a forgotten passphrase). The words are checked first, so a mistyped word
 * is named before any request; the person then chooses a new passphrase with `changePassphrase`.
 */
export async function unlockWithRecoveryKey(userId: string, words: string): Promise<UnlockedAccountKey> {
  assertPrivateModeAvailable();
  const { recoveryKeyFromWords } = await heavyKeyLayer();
  const recoveryKey = await recoveryKeyFromWords(words);
  const material = await fetchKeyMaterial();
  const raw = await unwrapAccountKey(
    material.recoveryWrap,
    await recoveryWrappingKey(recoveryKey),
    'recovery',
    userId,
  );
  return hold(userId, raw);
}

/** A new passphrase for the same key (unlocked): only the passphrase's wrap changes, no entry is touched. */
export async function changePassphrase(
  userId: string,
  input: { passphrase: string; confirmPassphrase: string },
): Promise<void> {
  assertPrivateModeAvailable();
  await checkNewPassphrase(input.passphrase, input.confirmPassphrase);
  const held = await requireUnlocked(userId);
  const wrap = await passphraseWrapOf(userId, held.raw, input.passphrase);
  const proof = await keyProof(held.key);
  await rewrap(userId, () => putPassphraseWrap({ keyProof: proof, ...wrap }));
}

/** A new recovery key (unlocked): answers its words, to be shown once; the old words stop opening the journal. */
export async function replaceRecoveryKey(userId: string): Promise<{ recoveryWords: string[] }> {
  assertPrivateModeAvailable();
  const held = await requireUnlocked(userId);
  const recovery = await newRecoveryKey(userId, held.raw);
  const proof = await keyProof(held.key);
  await rewrap(userId, () => putRecoveryWrap({ keyProof: proof, recoveryWrap: recovery.recoveryWrap }));
  return { recoveryWords: recovery.recoveryWords };
}

/** Passphrase and recovery key both lost: with the sign-in password, the old key is removed here and on the server. */
export async function startFresh(userId: string, password: string): Promise<void> {
  await postStartFresh(password);
  forgetAccountKeys(userId);
}
