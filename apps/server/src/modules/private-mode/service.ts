import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type ChangePassphraseInput,
  KEY_PAIR_MESSAGES,
  PRIVATE_MODE_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type PrivateKeyMaterial,
  type PrivateModeStatus,
  type PrivateSwitchMode,
  type PrivateSwitchStatus,
  type ReplaceRecoveryKeyInput,
  type SetUpPrivateModeInput,
} from '@daybook/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { PasswordVerifier } from '../../infra/auth/passwords.ts';
import { enqueueMail } from '../../infra/mail/outbox.ts';
import { type PrivateKeyChange, privateKeyChangedMail } from '../../infra/mail/templates.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccountService } from '../account/service.ts';
import type { MediaService } from '../media/service.ts';
import { createPrivateKeysRepository, type PrivateKeyRow } from './repository.ts';

/** What private mode reads of accounts (the account module's service, handed in by services.ts). */
export type PrivateModeAccounts = Pick<AccountService, 'credentialPasswordOf' | 'findById'>;

/**
 * The proof is 256 bits derived from the account key (ADR 089): one SHA-256 is enough to keep it from being
 * replayed by whoever reads the table, and nothing slower is needed, as nothing about it can be guessed.
 */
const proofHash = (keyProof: string) =>
  createHash('sha256').update(Buffer.from(keyProof, 'base64')).digest('base64url');

const notSetUp = () => new AppError('PRIVATE_MODE_NOT_SET_UP', PRIVATE_MODE_MESSAGES.notSetUp);
const proofWrong = () => new AppError('PRIVATE_KEY_PROOF_WRONG', PRIVATE_MODE_MESSAGES.keyProofWrong);

function modeOf(row: PrivateKeyRow | null): PrivateSwitchMode {
  if (!row) return 'standard';
  return row.switchingOffSince ? 'switching-off' : 'private';
}

function statusOf(row: PrivateKeyRow | null): PrivateModeStatus {
  return {
    isSetUp: row !== null,
    setUpAt: row?.createdAt.toISOString() ?? null,
    passphraseChangedAt: row?.passphraseChangedAt.toISOString() ?? null,
    recoveryKeyChangedAt: row?.recoveryKeyChangedAt.toISOString() ?? null,
  };
}

/**
 * Private mode's key material per account (ADR 089). The server keeps wraps it cannot open and checks who may change
 * them: the sign-in password to set up or to start fresh, a proof of holding the key to rewrap. Every method takes
 * the signed-in user's id and touches that user's row alone.
 */
export function createPrivateModeService(deps: {
  db: Db;
  clock: Clock;
  /**
   * Removes the account's version-2 entries inside the caller's transaction, answering their files (wired in
   * services.ts to the entries repository); a fresh start deletes them with the key (ADR 094).
   */
  removePrivateEntries: (tx: Executor, userId: string) => Promise<string[]>;
  /**
   * How many of the account's entries are under each version, every row counted (deleted ones too: a row the
   * server can read is one whatever its state), inside the caller's transaction (the entries repository, ADR 097).
   */
  countEntriesByVersion: (tx: Executor, userId: string) => Promise<{ readable: number; private: number }>;
  /**
   * How many of the account's letters to the future self are sealed under its key (ADR 098), in the caller's
   * transaction: a switch off finishes only when the letters' step has turned every one back.
   */
  countPrivateLetters: (tx: Executor, userId: string) => Promise<number>;
  /**
   * How many of the files the account's entries point at (media, attachments, their thumbnails) are still sealed
   * under its key (ADR 096): a switch off finishes only when the media step has turned every one back.
   */
  countPrivateMedia: (tx: Executor, userId: string) => Promise<number>;
  /**
   * Each account's key pair (ADR 102), in the caller's transaction: a fresh start removes it (its private half is
   * wrapped under the lost key), and a switch off finishes only once the pair is rewrapped under the standard key.
   */
  keyPairs: {
    remove: (tx: Executor, userId: string) => Promise<void>;
    isWrappedPrivately: (tx: Executor, userId: string) => Promise<boolean>;
  };
  /** Removes those files once the fresh start has committed. */
  media: Pick<MediaService, 'discard'>;
  accounts: PrivateModeAccounts;
  verifyPassword: PasswordVerifier;
  appUrl: string;
}) {
  const { db, clock, accounts } = deps;
  const repository = createPrivateKeysRepository(db);

  /**
   * A change and the owner's e-mail about it in one transaction (ADR 073's security mails): a key set up, rewrapped
   * or removed by someone holding a session and the password is heard of at once. `change` answers whether it
   * happened; nothing is sent when it did not.
   */
  async function changeAndTell(
    userId: string,
    kind: PrivateKeyChange,
    change: (
      keys: ReturnType<typeof createPrivateKeysRepository>,
      now: Date,
      tx: Executor,
    ) => Promise<boolean>,
  ): Promise<boolean> {
    const user = await accounts.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.notAuthenticated);
    const now = clock.now();
    return db.transaction(async (tx: Executor) => {
      if (!(await change(createPrivateKeysRepository(tx), now, tx))) return false;
      const mail = privateKeyChangedMail(user.name, kind, now, `${deps.appUrl}/profile`);
      await enqueueMail(tx, { ...mail, to: user.email }, now);
      return true;
    });
  }

  async function requirePassword(userId: string, password: string): Promise<void> {
    const hash = await accounts.credentialPasswordOf(userId);
    if (!hash || !(await deps.verifyPassword({ hash, password })))
      throw new AppError('CURRENT_PASSWORD_INCORRECT', AUTH_MESSAGES.currentPasswordWrong, {
        password: AUTH_MESSAGES.currentPasswordWrong,
      });
  }

  function isProofOf(row: PrivateKeyRow, keyProof: string): boolean {
    const hash = proofHash(keyProof);
    // Knowing the stored hash would not forge a proof (it needs a preimage); compared in constant time all the same.
    return (
      hash.length === row.keyProofHash.length &&
      timingSafeEqual(Buffer.from(hash), Buffer.from(row.keyProofHash))
    );
  }

  /** Not set up answers 404; a proof of another key (one from before a fresh start) answers 409. */
  async function requireProof(userId: string, keyProof: string): Promise<string> {
    const row = await repository.find(userId);
    if (!row) throw notSetUp();
    if (!isProofOf(row, keyProof)) throw proofWrong();
    return proofHash(keyProof);
  }

  /** The mode, and how many entries are still under each version: the banner's "N still readable" and the runner's totals. */
  async function switchStatus(userId: string): Promise<PrivateSwitchStatus> {
    const row = await repository.find(userId);
    const counts = await deps.countEntriesByVersion(db, userId);
    return { mode: modeOf(row), readableEntries: counts.readable, privateEntries: counts.private };
  }

  /**
   * What finishing a switch off would leave without a key, besides entries: letters (ADR 098) and files sealed in
   * the browser (ADR 096). Each has its step toward standard; finishing waits for them.
   */
  async function refuseWhileSealedRemain(executor: Executor, userId: string): Promise<void> {
    const letters = await deps.countPrivateLetters(executor, userId);
    if (letters > 0)
      throw new AppError('PRIVATE_ENTRIES_REMAIN', PRIVATE_SWITCH_MESSAGES.privateLettersRemain(letters));
    const files = await deps.countPrivateMedia(executor, userId);
    if (files > 0)
      throw new AppError('PRIVATE_ENTRIES_REMAIN', PRIVATE_SWITCH_MESSAGES.privateMediaRemain(files));
    if (await deps.keyPairs.isWrappedPrivately(executor, userId))
      throw new AppError('PRIVATE_ENTRIES_REMAIN', KEY_PAIR_MESSAGES.switchOffKeyPairRemains);
  }

  return {
    switchStatus,

    async isSetUp(userId: string): Promise<boolean> {
      return (await repository.find(userId)) !== null;
    },

    /**
     * Where the account stands (ADR 097): standard (no key), private, or switching off, when the server accepts
     * version 1 again while the browser re-encrypts. The entries service decides which versions to accept by it.
     */
    async mode(userId: string): Promise<PrivateSwitchMode> {
      return modeOf(await repository.find(userId));
    },

    /**
     * Begins switching off, with the key's proof: version 1 is accepted again from now on. A second start (another
     * tab) changes nothing and answers the same; the owner is e-mailed once, at the first.
     */
    async startSwitchingOff(userId: string, keyProof: string): Promise<PrivateSwitchStatus> {
      const hash = await requireProof(userId, keyProof);
      await changeAndTell(userId, 'switching-off', (keys, now) => keys.startSwitchingOff(userId, hash, now));
      return switchStatus(userId);
    },

    /**
     * Back to private mode before the switch off finished: version 1 is refused again, and the entries already
     * turned back are what the switch on makes private anew.
     */
    async cancelSwitchingOff(userId: string, keyProof: string): Promise<PrivateSwitchStatus> {
      const hash = await requireProof(userId, keyProof);
      if (!(await repository.cancelSwitchingOff(userId, hash))) throw proofWrong();
      return switchStatus(userId);
    },

    /**
     * Ends the switch off: the key material goes, as a fresh start removes it, but every entry stays, and only when
     * none is left under version 2 (counted after the row is removed, in the same transaction: a version-2 save
     * holds the row while it writes, so one landing now is either seen here or refused for want of a key).
     */
    async finishSwitchingOff(userId: string, keyProof: string): Promise<PrivateSwitchStatus> {
      const hash = await requireProof(userId, keyProof);
      if ((await repository.find(userId))?.switchingOffSince == null)
        throw new AppError('ENCRYPTION_VERSION_REFUSED', PRIVATE_SWITCH_MESSAGES.notSwitchingOff);
      await changeAndTell(userId, 'switched-off', async (keys, _now, tx) => {
        if (!(await keys.removeSwitchedOff(userId, hash))) throw proofWrong();
        await refuseWhileSealedRemain(tx, userId);
        const remaining = (await deps.countEntriesByVersion(tx, userId)).private;
        if (remaining > 0)
          throw new AppError(
            'PRIVATE_ENTRIES_REMAIN',
            PRIVATE_SWITCH_MESSAGES.privateEntriesRemain(remaining),
          );
        return true;
      });
      return switchStatus(userId);
    },

    /**
     * Inside a version-2 write's transaction: holds the key row until it commits, answering whether the account is
     * still in private mode (a finished switch off, a fresh start in between answer false).
     */
    holdKey(tx: Executor, userId: string): Promise<boolean> {
      return createPrivateKeysRepository(tx).holdKey(userId);
    },

    /**
     * Inside a key pair write's transaction (ADR 102): holds the key row until it commits and answers the mode; where
     * private mode is set up, only with the proof of holding its key, as its own rewraps are.
     */
    async holdModeWithProof(tx: Executor, userId: string, keyProof?: string): Promise<PrivateSwitchMode> {
      const row = await createPrivateKeysRepository(tx).holdRow(userId);
      if (row && !(keyProof && isProofOf(row, keyProof))) throw proofWrong();
      return modeOf(row);
    },

    async status(userId: string): Promise<PrivateModeStatus> {
      return statusOf(await repository.find(userId));
    },

    /** What the browser unlocks with: both wraps and the Argon2id settings, for the owner's session only. */
    async material(userId: string): Promise<PrivateKeyMaterial> {
      const row = await repository.find(userId);
      if (!row) throw notSetUp();
      return {
        kdf: {
          algorithm: row.kdfAlgorithm,
          salt: row.kdfSalt,
          memoryKiB: row.kdfMemoryKib,
          iterations: row.kdfIterations,
          parallelism: row.kdfParallelism,
        },
        passphraseWrap: row.passphraseWrap,
        recoveryWrap: row.recoveryWrap,
      };
    },

    /** The password again, then the wraps; a second set-up is refused, never a replacement of the first key. */
    async setUp(userId: string, input: SetUpPrivateModeInput): Promise<PrivateModeStatus> {
      await requirePassword(userId, input.password);
      const isInserted = await changeAndTell(userId, 'set-up', (keys, now) =>
        keys.insert(
          userId,
          {
            kdf: input.kdf,
            passphraseWrap: input.passphraseWrap,
            recoveryWrap: input.recoveryWrap,
            keyProofHash: proofHash(input.keyProof),
          },
          now,
        ),
      );
      if (!isInserted) throw new AppError('PRIVATE_MODE_ALREADY_SET_UP', PRIVATE_MODE_MESSAGES.alreadySetUp);
      return statusOf(await repository.find(userId));
    },

    /** The same key under a new passphrase (or new Argon2id costs); no entry is touched. */
    async changePassphrase(userId: string, input: ChangePassphraseInput): Promise<PrivateModeStatus> {
      const hash = await requireProof(userId, input.keyProof);
      const isReplaced = await changeAndTell(userId, 'passphrase', (keys, now) =>
        keys.replacePassphraseWrap(
          userId,
          hash,
          { kdf: input.kdf, passphraseWrap: input.passphraseWrap },
          now,
        ),
      );
      if (!isReplaced) throw proofWrong();
      return statusOf(await repository.find(userId));
    },

    /** A new recovery key's wrap in place of the old one, which stops opening the journal. */
    async replaceRecoveryKey(userId: string, input: ReplaceRecoveryKeyInput): Promise<PrivateModeStatus> {
      const hash = await requireProof(userId, input.keyProof);
      const isReplaced = await changeAndTell(userId, 'recovery-key', (keys, now) =>
        keys.replaceRecoveryWrap(userId, hash, input.recoveryWrap, now),
      );
      if (!isReplaced) throw proofWrong();
      return statusOf(await repository.find(userId));
    },

    /**
     * Both secrets lost: with the sign-in password, the wraps are removed so that private mode can be set up anew.
     * Whatever was encrypted under the old key is unreadable by anyone, so the version-2 entries go in the same
     * transaction (ADR 094): none is left that no key opens, and their files once it commits.
     */
    async startFresh(userId: string, password: string): Promise<void> {
      await requirePassword(userId, password);
      let files: string[] = [];
      const isRemoved = await changeAndTell(userId, 'started-fresh', async (keys, _now, tx) => {
        if (!(await keys.remove(userId))) return false;
        files = await deps.removePrivateEntries(tx, userId);
        await deps.keyPairs.remove(tx, userId);
        return true;
      });
      if (!isRemoved) throw notSetUp();
      for (const file of files) await deps.media.discard(file);
    },
  };
}

export type PrivateModeService = ReturnType<typeof createPrivateModeService>;
