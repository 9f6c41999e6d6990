import {
  isValidPublicKey,
  KEY_PAIR_MESSAGES,
  type KeyPairInput,
  type KeyPairWrapKind,
  type MyKeyPair,
  type PrivateSwitchMode,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { createKeyPairsRepository, type KeyPairRow, selectPublicKeys } from './repository.ts';

/** What the key pair reads of private mode (its service, handed in by services.ts). */
export type KeyPairPrivateMode = {
  /** Holds private mode's key row for the transaction, answers the mode, and checks the proof where one is set up. */
  holdModeWithProof: (tx: Executor, userId: string, keyProof?: string) => Promise<PrivateSwitchMode>;
  mode: (userId: string) => Promise<PrivateSwitchMode>;
};

/**
 * The public halves of these accounts, for other modules (sharing's thank-you notes, ADR 102): only public keys, never
 * a wrap, in the caller's executor. An account without a pair (not signed in since ADR 102) is absent from the map.
 */
export function publicKeysOf(db: Executor, userIds: readonly string[]): Promise<Map<string, string>> {
  return selectPublicKeys(db, userIds);
}

/** None yet; with the account's mode, so that the browser knows under which key to make one without asking again. */
const notFound = (mode?: PrivateSwitchMode) =>
  new AppError('KEY_PAIR_NOT_FOUND', KEY_PAIR_MESSAGES.notFound, undefined, mode ? { mode } : undefined);

/**
 * Which kinds of wrap the account's mode allows (ADR 102): the standard key while standard, the account key while
 * private, and either while switching off, when the switch's own step moves the pair back to the standard key.
 */
function isAllowed(kind: KeyPairWrapKind, mode: PrivateSwitchMode): boolean {
  if (mode === 'switching-off') return true;
  return kind === (mode === 'private' ? 2 : 1);
}

function answerOf(row: KeyPairRow, mode: PrivateSwitchMode): MyKeyPair {
  return {
    publicKey: row.publicKey,
    wrappedPrivateKey: row.wrappedPrivateKey,
    wrapKind: row.wrapKind,
    mode,
    createdAt: row.createdAt.toISOString(),
    rewrappedAt: row.rewrappedAt.toISOString(),
  };
}

/**
 * Each account's key pair (ADR 102). The pair is made in the browser; the server keeps the public half and a wrap of
 * the private half, checks the public key is one, and which kind of wrap the account's mode allows. Every method
 * takes the signed-in user's id and touches that user's row alone.
 */
export function createKeyPairsService(deps: {
  db: Db;
  clock: Clock;
  privateMode: KeyPairPrivateMode;
  /**
   * Called in the transaction that puts the private half under private mode's account key (made so, or rewrapped on
   * switching on): sharing seals the thank-you notes it kept under the standard key to this pair (ADR 102).
   */
  onWrappedPrivately?: (tx: Executor, userId: string, publicKey: string) => Promise<unknown>;
}) {
  const { db, clock, privateMode } = deps;
  const repository = createKeyPairsRepository(db);

  /** The mode checked and held, then the write, in one transaction: a switch finishing meanwhile waits for it. */
  function writeUnderMode<T>(
    userId: string,
    input: KeyPairInput,
    write: (keys: ReturnType<typeof createKeyPairsRepository>, now: Date, tx: Executor) => Promise<T>,
  ): Promise<T> {
    return db.transaction(async (tx: Executor) => {
      const mode = await privateMode.holdModeWithProof(tx, userId, input.keyProof);
      if (!isAllowed(input.wrapKind, mode))
        throw new AppError('KEY_PAIR_WRAP_REFUSED', KEY_PAIR_MESSAGES.wrapRefused(input.wrapKind));
      return write(createKeyPairsRepository(tx), clock.now(), tx);
    });
  }

  async function mine(userId: string): Promise<MyKeyPair> {
    const [row, mode] = await Promise.all([repository.find(userId), privateMode.mode(userId)]);
    if (!row) throw notFound(mode);
    return answerOf(row, mode);
  }

  return {
    mine,

    /** Made once: a second pair is refused (409), even two sent at once, so nothing sealed to the first is lost. */
    async create(userId: string, input: KeyPairInput): Promise<MyKeyPair> {
      if (!(await isValidPublicKey(input.publicKey)))
        throw new AppError('KEY_PAIR_INVALID', KEY_PAIR_MESSAGES.publicKeyInvalid, {
          publicKey: KEY_PAIR_MESSAGES.publicKeyInvalid,
        });
      const isInserted = await writeUnderMode(userId, input, async (keys, now, tx) => {
        const inserted = await keys.insert(userId, input, now);
        if (inserted && input.wrapKind === 2) await deps.onWrappedPrivately?.(tx, userId, input.publicKey);
        return inserted;
      });
      if (!isInserted) throw new AppError('KEY_PAIR_EXISTS', KEY_PAIR_MESSAGES.exists);
      return mine(userId);
    },

    /**
     * The same pair wrapped under the other kind (private mode switched on or off): the public key must be the
     * stored one, so a rewrap never replaces the pair and what was sealed to it keeps opening.
     */
    async rewrap(userId: string, input: KeyPairInput): Promise<MyKeyPair> {
      const isRewrapped = await writeUnderMode(userId, input, async (keys, now, tx) => {
        const row = await keys.find(userId);
        if (!row) throw notFound();
        const rewrapped = await keys.rewrap(userId, input.publicKey, input, now);
        if (rewrapped && input.wrapKind === 2) await deps.onWrappedPrivately?.(tx, userId, input.publicKey);
        return rewrapped;
      });
      if (!isRewrapped) throw new AppError('KEY_PAIR_MISMATCH', KEY_PAIR_MESSAGES.mismatch);
      return mine(userId);
    },
  };
}

export type KeyPairsService = ReturnType<typeof createKeyPairsService>;
