/*
 * The key material itself (ADR 089): whether it is set up, what the browser unlocks with, setting it up with the
 * password again, rewrapping it under a new passphrase or recovery key with the key's proof, and starting fresh
 * with the password when both secrets are lost (ADR 094). Apart from the switch off (switching.ts).
 */
import {
  type ChangePassphraseInput,
  PRIVATE_MODE_MESSAGES,
  type PrivateKeyMaterial,
  type PrivateModeStatus,
  type ReplaceRecoveryKeyInput,
  type SetUpPrivateModeInput,
} from '@daybook/shared';
import { AppError } from '../../lib/errors.ts';
import { notSetUp, type PrivateModeContext, proofHash, proofWrong, statusOf } from './context.ts';

export function createPrivateKeyMaterial(ctx: PrivateModeContext) {
  const { deps, repository, changeAndTell, requirePassword, requireProof } = ctx;

  return {
    async isSetUp(userId: string): Promise<boolean> {
      return (await repository.find(userId)) !== null;
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
