/*
 * Where an account stands and its switch off (ADR 097): the mode and the counts the banner and the runner show,
 * the switch off's start, cancel and finish, and the key row a version-2 or key pair write holds while it commits.
 * Apart from the key material's own changes (key-material.ts), which never move the account between modes.
 */
import {
  KEY_PAIR_MESSAGES,
  PRIVATE_SWITCH_MESSAGES,
  type PrivateSwitchMode,
  type PrivateSwitchStatus,
} from '@daybook/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { modeOf, type PrivateModeContext, proofWrong } from './context.ts';
import { createPrivateKeysRepository } from './repository.ts';

export function createPrivateModeSwitch(ctx: PrivateModeContext) {
  const { db, deps, repository, changeAndTell, isProofOf, requireProof } = ctx;

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
  };
}
