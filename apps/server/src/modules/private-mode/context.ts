/*
 * What every part of the private mode service shares (ADR 100): its dependencies, the repository, the key's proof
 * and how it is checked, the password asked again, and a change told to the owner by e-mail. The parts meet here,
 * never through service.ts.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  AUTH_MESSAGES,
  PRIVATE_MODE_MESSAGES,
  type PrivateModeStatus,
  type PrivateSwitchMode,
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
export const proofHash = (keyProof: string) =>
  createHash('sha256').update(Buffer.from(keyProof, 'base64')).digest('base64url');

export const notSetUp = () => new AppError('PRIVATE_MODE_NOT_SET_UP', PRIVATE_MODE_MESSAGES.notSetUp);
export const proofWrong = () => new AppError('PRIVATE_KEY_PROOF_WRONG', PRIVATE_MODE_MESSAGES.keyProofWrong);

export function modeOf(row: PrivateKeyRow | null): PrivateSwitchMode {
  if (!row) return 'standard';
  return row.switchingOffSince ? 'switching-off' : 'private';
}

export function statusOf(row: PrivateKeyRow | null): PrivateModeStatus {
  return {
    isSetUp: row !== null,
    setUpAt: row?.createdAt.toISOString() ?? null,
    passphraseChangedAt: row?.passphraseChangedAt.toISOString() ?? null,
    recoveryKeyChangedAt: row?.recoveryKeyChangedAt.toISOString() ?? null,
  };
}

export type PrivateModeDeps = {
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
};

export function createPrivateModeContext(deps: PrivateModeDeps) {
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

  return { deps, db, clock, repository, changeAndTell, requirePassword, isProofOf, requireProof };
}

export type PrivateModeContext = ReturnType<typeof createPrivateModeContext>;
