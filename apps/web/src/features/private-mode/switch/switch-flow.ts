import { keyProof, PRIVATE_SWITCH_MESSAGES, type ReEncryptionTarget } from '@daybook/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { EncryptionError } from '../../../lib/encryption/support.ts';
import { unlockedAccountKey } from '../../../lib/private-keys/private-mode.ts';
import { forgetAccountKeys } from '../../../lib/private-keys/session-key.ts';
import {
  fetchSwitchStatus,
  postCancelSwitchOff,
  postFinishSwitchOff,
  postSwitchOff,
} from './api/switch-api.ts';
import { type ReEncryptionStep, type RunOutcome, type RunProgress, runSteps } from './runner.ts';

/*
 * Switching on and off (ADR 097), around the runner. Switching on needs only the key set up (lib/private-keys) and
 * unlocked here: the run makes private whatever is still version 1, and a later run resumes it. Switching off first
 * tells the server (with the key's proof) so that it accepts version 1 again, runs the steps back, and finishes:
 * the server removes the key material once nothing is private, and this browser forgets the key.
 */

export type SwitchRun = {
  userId: string;
  /** The steps for this direction, entries first (see `ReEncryptionStepFactory`). */
  steps: readonly ReEncryptionStep[];
  onProgress: (progress: RunProgress) => void;
  signal: AbortSignal;
};

/** The proof of holding the account key unlocked in this browser session; refused when it is not unlocked. */
async function proofOf(userId: string): Promise<string> {
  const unlocked = await unlockedAccountKey(userId);
  if (!unlocked) throw new EncryptionError(PRIVATE_SWITCH_MESSAGES.needsUnlock);
  return keyProof(unlocked.key);
}

/** Makes private every entry the server can still read, from wherever the last run stopped. */
export async function switchOn({ userId, steps, onProgress, signal }: SwitchRun): Promise<RunOutcome> {
  if (!(await unlockedAccountKey(userId))) throw new EncryptionError(PRIVATE_SWITCH_MESSAGES.needsUnlock);
  return runSteps(steps, { onProgress, signal });
}

export type SwitchOffOutcome = RunOutcome & { isFinished: boolean };

/**
 * Begins (or continues) switching off, turns every private entry back, and finishes when none is left. An entry
 * saved privately by another tab meanwhile makes the finish refuse; the steps then run once more.
 */
export async function switchOff({ userId, steps, onProgress, signal }: SwitchRun): Promise<SwitchOffOutcome> {
  const proof = await proofOf(userId);
  if ((await fetchSwitchStatus(signal)).mode === 'private') await postSwitchOff({ keyProof: proof });
  for (let attempt = 0; ; attempt += 1) {
    const outcome = await runSteps(steps, { onProgress, signal });
    if (outcome.isCancelled || outcome.unreadable > 0) return { ...outcome, isFinished: false };
    try {
      await postFinishSwitchOff({ keyProof: proof });
    } catch (error) {
      if (attempt === 0 && isApiError(error, 'PRIVATE_ENTRIES_REMAIN')) continue;
      throw error;
    }
    // The key row is gone: this browser must stop sealing under it, or the server would refuse every save.
    forgetAccountKeys(userId);
    return { ...outcome, isFinished: true };
  }
}

/** Stays in private mode: the server refuses version 1 again, and the next switch-on run makes the rest private. */
export async function cancelSwitchOff(userId: string): Promise<void> {
  await postCancelSwitchOff({ keyProof: await proofOf(userId) });
}

export const directionOf = (mode: 'private' | 'switching-off'): ReEncryptionTarget =>
  mode === 'private' ? 'private' : 'standard';
