import {
  deriveKeyPairWrapKeyV2,
  type EntryKey,
  generateKeyPair,
  importAccountKey,
  KEY_PAIR_MESSAGES,
  KeyPairError,
  type KeyPairStanding,
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
import { keptAccountKey } from '../private-keys/session-key.ts';
import { fetchMyKeyPair, postKeyPair, putKeyPairWrap } from './api.ts';
import { forgetKeyPair, heldKeyPairs } from './cache.ts';

/** What a thank-you note is sealed for, here so that the notes' code loads it with the rest of this module. */
export { thankYouSealContext } from '@daybook/shared';
export { forgetKeyPair };

/*
 * Each account's key pair in the browser (ADR 102): made here once, its private half sent only wrapped, under the
 * standard entry key (kind 1) or, in private mode, under a key derived from the account key (kind 2); unwrapped once
 * per tab to open what others' browsers sealed to the account (thank-you notes, share keys). Loaded only by the calls
 * that need it (the signed-in shell's upkeep, the notes, the switch's step), never with a page.
 */

// As in upkeep.ts (see there why these lines are written twice).
type AccountMode = KeyPairStanding['mode'];

/** Which kind the account's mode wants: none of its own while switching off, when the switch's step decides. */
const kindFor = (mode: AccountMode): KeyPairWrapKind | null =>
  mode === 'private' ? 2 : mode === 'standard' ? 1 : null;

/**
 * Failures that say only "not now": offline, the session gone (the app answers that itself), or a server of the
 * previous version that has no key pair route yet while an update rolls out. The next call tries again.
 */
const isQuietFailure = (error: unknown) =>
  isNetworkFailure(error) || isSessionGone(error) || isApiError(error, 'NOT_FOUND');

const logKeyPairFailure = (error: unknown) => {
  if (!isQuietFailure(error))
    console.warn('The key pair could not be made or rewrapped; trying again later:', error);
};

/**
 * The pair as `fetch` answers it (the whole pair here, the standing alone in upkeep.ts), or the account's mode when
 * there is none yet (the server says it with the 404).
 */
async function fetchKeyPairState<T extends KeyPairStanding>(
  fetch: () => Promise<T>,
): Promise<{ own: T } | { own: null; mode: AccountMode }> {
  try {
    return { own: await fetch() };
  } catch (error) {
    if (!isApiError(error, 'KEY_PAIR_NOT_FOUND')) throw error;
    const mode = error.details?.mode;
    return { own: null, mode: mode === 'private' || mode === 'switching-off' ? mode : 'standard' };
  }
}

/**
 * Private mode's account key unlocked in this tab, read where lib/private-keys keeps it (not through its module,
 * which would bring private mode's code along); null while locked.
 */
async function accountKeyOf(userId: string) {
  const raw = keptAccountKey(userId);
  if (!raw) return null;
  try {
    return await importAccountKey(raw);
  } catch {
    return null;
  }
}

/** The key a kind of wrap is under, and the proof private mode asks for; null when that key is not here (locked). */
async function wrapKeyOf(
  userId: string,
  kind: KeyPairWrapKind,
): Promise<{ key: EntryKey; keyProof?: string } | null> {
  if (kind === 1) {
    const key = await loadEntryKey(userId);
    const accountKey = await accountKeyOf(userId);
    // Switching off, private mode's key is still set up: the server asks its proof for the standard wrap too.
    return { key, keyProof: accountKey ? await keyProof(accountKey) : undefined };
  }
  const accountKey = await accountKeyOf(userId);
  if (!accountKey) return null;
  return { key: await deriveKeyPairWrapKeyV2(accountKey), keyProof: await keyProof(accountKey) };
}

const fetchOwn = async (signal?: AbortSignal) => (await fetchKeyPairState(() => fetchMyKeyPair(signal))).own;

/** A new pair, wrapped under the key of the account's mode; another tab's pair made first is kept, not replaced. */
async function create(userId: string, mode: MyKeyPair['mode']): Promise<void> {
  // Switching off, private mode's key is still set up: made under it, and the switch's step moves it back.
  const kind: KeyPairWrapKind = mode === 'standard' ? 1 : 2;
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
 * Makes sure the account has its pair, wrapped as its mode wants: made when there is none, rewrapped when the mode
 * changed and the keys are here (private mode unlocked). Never throws: a failure is logged and the next call (the
 * next page load, the next unlock) tries again. Calls at once share one run.
 */
export function ensureKeyPair(user: { id: string }): Promise<void> {
  const running = ensuring.get(user.id);
  if (running) return running;
  const run = (async () => {
    const state = await fetchKeyPairState(() => fetchMyKeyPair());
    if (!state.own) {
      await create(user.id, state.mode);
      return;
    }
    const kind = kindFor(state.own.mode);
    if (kind !== null) await rewrapTo(user.id, state.own, kind);
  })()
    .catch(logKeyPairFailure)
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
  if (held && (held.wrapKind === 1 || keptAccountKey(userId))) return held;
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
