import {
  deriveKeyPairWrapKeyV2,
  type EntryKey,
  generateKeyPair,
  KEY_PAIR_MESSAGES,
  KeyPairError,
  type KeyPairWrapKind,
  keyProof,
  type MyKeyPair,
  openSealed,
  rewrapPrivateKey,
  unwrapPrivateKey,
  type WebCryptoKey,
  wrapPrivateKey,
} from '@daybook/shared';
import { isApiError, isNetworkFailure, isSessionGone } from '../api-client.ts';
import { loadEntryKey } from '../encryption/entry-key.ts';
import { unlockedAccountKey } from '../private-keys/private-mode.ts';
import { fetchMyKeyPair, postKeyPair, putKeyPairWrap } from './api.ts';
import { forgetKeyPair, heldKeyPairs } from './cache.ts';

export { forgetKeyPair };

/*
 * Each account's key pair in the browser (ADR 102): made here once, its private half sent only wrapped, under the
 * standard entry key (kind 1) or, in private mode, under a key derived from the account key (kind 2); unwrapped once
 * per tab to open what others' browsers sealed to the account (thank-you notes, share keys). Loaded only by the calls
 * that need it (the signed-in shell's upkeep, the notes, the switch's step), never with a page.
 */

/** The key a kind of wrap is under, and the proof private mode asks for; null when that key is not here (locked). */
async function wrapKeyOf(
  userId: string,
  kind: KeyPairWrapKind,
): Promise<{ key: EntryKey; keyProof?: string } | null> {
  if (kind === 1) {
    const key = await loadEntryKey(userId);
    const unlocked = await unlockedAccountKey(userId);
    // Switching off, private mode's key is still set up: the server asks its proof for the standard wrap too.
    return { key, keyProof: unlocked ? await keyProof(unlocked.key) : undefined };
  }
  const unlocked = await unlockedAccountKey(userId);
  if (!unlocked) return null;
  return { key: await deriveKeyPairWrapKeyV2(unlocked.key), keyProof: await keyProof(unlocked.key) };
}

/** Which kind the account's mode wants: none of its own while switching off, when the switch's step decides. */
const kindFor = (mode: MyKeyPair['mode']): KeyPairWrapKind | null =>
  mode === 'private' ? 2 : mode === 'standard' ? 1 : null;

async function fetchOwn(signal?: AbortSignal): Promise<MyKeyPair | null> {
  try {
    return await fetchMyKeyPair(signal);
  } catch (error) {
    if (isApiError(error, 'KEY_PAIR_NOT_FOUND')) return null;
    throw error;
  }
}

/** A new pair, wrapped under the key of the account's mode; another tab's pair made first is kept, not replaced. */
async function create(userId: string, isPrivateMode: boolean): Promise<void> {
  const kind: KeyPairWrapKind = isPrivateMode ? 2 : 1;
  const wrapKey = await wrapKeyOf(userId, kind);
  // In private mode and locked: made once the person unlocks (the shell calls again).
  if (!wrapKey) return;
  const pair = await generateKeyPair();
  try {
    await postKeyPair({
      publicKey: pair.publicKey,
      wrappedPrivateKey: await wrapPrivateKey(wrapKey.key, pair.privateKey, kind, userId),
      wrapKind: kind,
      ...(wrapKey.keyProof ? { keyProof: wrapKey.keyProof } : {}),
    });
  } catch (error) {
    if (!isApiError(error, 'KEY_PAIR_EXISTS')) throw error;
  }
}

/**
 * The pair wrapped under `kind` instead, when both keys are here: the same pair, so every note sealed to it keeps
 * opening. Answers whether the stored wrap is now of that kind.
 */
async function rewrapTo(userId: string, own: MyKeyPair, kind: KeyPairWrapKind): Promise<boolean> {
  if (own.wrapKind === kind) return true;
  const [from, to] = await Promise.all([wrapKeyOf(userId, own.wrapKind), wrapKeyOf(userId, kind)]);
  if (!from || !to) return false;
  await putKeyPairWrap({
    publicKey: own.publicKey,
    wrappedPrivateKey: await rewrapPrivateKey(
      own.wrappedPrivateKey,
      { key: from.key, kind: own.wrapKind },
      { key: to.key, kind },
      userId,
    ),
    wrapKind: kind,
    ...((to.keyProof ?? from.keyProof) ? { keyProof: to.keyProof ?? from.keyProof } : {}),
  });
  const held = heldKeyPairs.get(userId);
  if (held) held.wrapKind = kind;
  return true;
}

const ensuring = new Map<string, Promise<void>>();

/**
 * Failures that say only "not now": offline, the session gone (the app answers that itself), or a server of the
 * previous version that has no key pair route yet while an update rolls out. The next call tries again.
 */
const isQuietFailure = (error: unknown) =>
  isNetworkFailure(error) || isSessionGone(error) || isApiError(error, 'NOT_FOUND');

/**
 * Makes sure the account has its pair, wrapped as its mode wants: made when there is none, rewrapped when the mode
 * changed and the keys are here (private mode unlocked). Never throws: a failure is logged and the next call (the
 * next page load, the next unlock) tries again. Calls at once share one run.
 */
export function ensureKeyPair(user: { id: string }): Promise<void> {
  const running = ensuring.get(user.id);
  if (running) return running;
  const run = (async () => {
    const own = await fetchOwn();
    if (!own) {
      const { fetchPrivateModeStatus } = await import('../private-keys/api.ts');
      await create(user.id, (await fetchPrivateModeStatus()).isSetUp);
      return;
    }
    const kind = kindFor(own.mode);
    if (kind !== null) await rewrapTo(user.id, own, kind);
  })()
    .catch((error: unknown) => {
      if (isQuietFailure(error)) return;
      console.warn('The key pair could not be made or rewrapped; trying again later:', error);
    })
    .finally(() => ensuring.delete(user.id));
  ensuring.set(user.id, run);
  return run;
}

/**
 * The account's pair, unwrapped once per tab: null when there is none yet, or when it is under private mode's key
 * and that is locked here (as it is after "Lock now").
 */
export async function myKeyPair(
  userId: string,
): Promise<{ publicKey: string; privateKey: WebCryptoKey } | null> {
  const held = heldKeyPairs.get(userId);
  if (held && (held.wrapKind === 1 || (await unlockedAccountKey(userId)))) return held;
  forgetKeyPair(userId);
  const own = await fetchOwn();
  if (!own) return null;
  const wrapKey = await wrapKeyOf(userId, own.wrapKind);
  if (!wrapKey) return null;
  const privateKey = await unwrapPrivateKey(wrapKey.key, own.wrappedPrivateKey, own.wrapKind, userId);
  const pair = { publicKey: own.publicKey, privateKey, wrapKind: own.wrapKind };
  heldKeyPairs.set(userId, pair);
  return pair;
}

/**
 * Opens what another browser sealed to this account's public key for `context` (say `thank-you|<share id>`). Throws
 * KeyPairError when the pair is not here (private mode locked) or the bytes were sealed to another key or context.
 */
export async function openForMe(userId: string, sealed: string, context: string): Promise<Uint8Array> {
  const pair = await myKeyPair(userId);
  if (!pair) throw new KeyPairError('PRIVATE_KEY_UNOPENABLE', KEY_PAIR_MESSAGES.privateKeyUnopenable);
  return openSealed(pair.privateKey, pair.publicKey, sealed, context);
}

/**
 * The switch's step for the key pair (ADR 097's runner, composed in ProfileRoute): one item, the pair's wrap, turned
 * to the kind the switch is heading to. Switching off, it must run before the finish removes the account key, or
 * the private half would be lost with it (the server refuses to finish until it has).
 */
export function keyPairSwitchStep(userId: string, target: 'private' | 'standard') {
  const kind: KeyPairWrapKind = target === 'private' ? 2 : 1;
  const isDue = async (signal?: AbortSignal) => {
    const own = await fetchOwn(signal);
    return own !== null && own.wrapKind !== kind;
  };
  return {
    count: async (signal?: AbortSignal) => ((await isDue(signal)) ? 1 : 0),
    async run(onProgress: (progress: { done: number; total: number }) => void) {
      const own = await fetchOwn();
      if (!own || own.wrapKind === kind) return { converted: 0, unreadable: 0 };
      onProgress({ done: 0, total: 1 });
      if (!(await rewrapTo(userId, own, kind)))
        throw new KeyPairError('PRIVATE_KEY_UNOPENABLE', KEY_PAIR_MESSAGES.privateKeyUnopenable);
      onProgress({ done: 1, total: 1 });
      return { converted: 1, unreadable: 0 };
    },
  };
}
