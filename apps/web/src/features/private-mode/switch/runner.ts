/*
 * The re-encryption run (ADR 097) as a list of steps: entries today; media and future messages are added by their
 * own features as further steps, each knowing how many of its items remain and how to turn them. The runner counts
 * them all first, runs them in order, adds up their progress with an estimate of the time left, and stops at the
 * next batch once cancelled. A step's remaining set is "what is still under the old version" on the server, so a
 * run cancelled or closed halfway is resumed by running the same steps again.
 */

import type { ReEncryptionTarget } from '@daybook/shared';
import { estimateRemainingMs } from './progress.ts';

/** How far one step is: items turned (or found already turned), of how many, and how many could not be opened. */
export type StepProgress = { done: number; total: number; unreadable: number };

/**
 * One kind of thing a switch re-encrypts. `count` answers how many remain to turn (the server's count); `run`
 * turns them, calling `onProgress` after each batch, yielding to the page between batches, and stopping at the
 * next batch once `signal` is aborted (rejecting with the signal's reason). Both must be safe to call again after
 * a cancel, a closed tab or another tab's run: only what is still under the old version is turned.
 */
export type ReEncryptionStep = {
  id: string;
  /** What the progress bar names while this step runs: "entries", "photos and recordings". */
  label: string;
  count: (signal?: AbortSignal) => Promise<number>;
  run: (onProgress: (progress: StepProgress) => void, signal: AbortSignal) => Promise<StepProgress>;
};

/** What a step is made for: whose items, and which way. */
export type StepContext = { userId: string; target: ReEncryptionTarget };
/**
 * How a feature hands a step to the switch (media's, future messages'): null when it has nothing to do in that
 * direction (a step that only makes things private).
 */
export type ReEncryptionStepFactory = (context: StepContext) => ReEncryptionStep | null;

/**
 * A step written to report `{ done, total }` and answer `{ converted, unreadable }` (the letters' step, ADR 098),
 * loaded only when the run counts or runs it, so the page that mounts the switch does not carry its code.
 */
export type OutcomeStep = {
  count: (signal?: AbortSignal) => Promise<number>;
  run: (
    onProgress: (progress: { done: number; total: number }) => void,
    signal?: AbortSignal,
  ) => Promise<{ converted: number; unreadable: number }>;
};

export function lazyOutcomeStep(
  id: string,
  label: string,
  load: () => Promise<OutcomeStep>,
): ReEncryptionStep {
  return {
    id,
    label,
    count: async (signal) => (await load()).count(signal),
    async run(onProgress, signal) {
      const step = await load();
      let total = 0;
      const outcome = await step.run((progress) => {
        total = progress.total;
        // Its `done` counts the unreadable too; they are told apart only at the end.
        onProgress({ done: progress.done, total: progress.total, unreadable: 0 });
      }, signal);
      return {
        done: outcome.converted,
        unreadable: outcome.unreadable,
        total: Math.max(total, outcome.converted),
      };
    },
  };
}

export type RunProgress = StepProgress & {
  /** The step running now. */
  step: string;
  label: string;
  /** The time left at the pace so far; null until there is a pace. */
  remainingMs: number | null;
};

export type RunOutcome = StepProgress & { isCancelled: boolean };

const isAbort = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (error instanceof DOMException && error.name === 'AbortError');

export async function runSteps(
  steps: readonly ReEncryptionStep[],
  {
    onProgress,
    signal,
    now = () => performance.now(),
  }: { onProgress: (progress: RunProgress) => void; signal: AbortSignal; now?: () => number },
): Promise<RunOutcome> {
  let counts: number[];
  try {
    counts = await Promise.all(steps.map((step) => step.count(signal)));
  } catch (error) {
    if (isAbort(error, signal)) return { done: 0, total: 0, unreadable: 0, isCancelled: true };
    throw error;
  }
  let total = counts.reduce((sum, count) => sum + count, 0);
  const started = now();
  let doneBefore = 0;
  let unreadableBefore = 0;
  /** The running step's last report: what a cancel keeps of it. */
  let current: StepProgress = { done: 0, total: 0, unreadable: 0 };
  const cancelled = (): RunOutcome => ({
    done: doneBefore + current.done,
    unreadable: unreadableBefore + current.unreadable,
    total,
    isCancelled: true,
  });
  for (const [index, step] of steps.entries()) {
    const report = (progress: StepProgress) => {
      current = progress;
      // A step may find more than it counted (an entry written meanwhile): the total grows, never the other way.
      const expected = counts[index] ?? 0;
      if (progress.total > expected) {
        total += progress.total - expected;
        counts[index] = progress.total;
      }
      const done = doneBefore + progress.done + progress.unreadable;
      onProgress({
        step: step.id,
        label: step.label,
        done: doneBefore + progress.done,
        unreadable: unreadableBefore + progress.unreadable,
        total,
        remainingMs: estimateRemainingMs(now() - started, done, total),
      });
    };
    if (signal.aborted) return cancelled();
    report({ done: 0, total: counts[index] ?? 0, unreadable: 0 });
    let result: StepProgress;
    try {
      result = await step.run(report, signal);
    } catch (error) {
      if (isAbort(error, signal)) return cancelled();
      throw error;
    }
    doneBefore += result.done;
    unreadableBefore += result.unreadable;
    current = { done: 0, total: 0, unreadable: 0 };
  }
  return { done: doneBefore, unreadable: unreadableBefore, total, isCancelled: false };
}
