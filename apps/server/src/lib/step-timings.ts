import diagnosticsChannel from 'node:diagnostics_channel';

/** Milliseconds spent in each named step of one operation, in the order they ran. */
export type StepTimings = Record<string, number>;

/**
 * Times the steps of one operation for whoever subscribes to `channel` (the benchmarks); with no subscriber it
 * returns null and nothing is timed or allocated, so production pays one property read per operation.
 */
export function stepTimer(channel: diagnosticsChannel.Channel) {
  if (!channel.hasSubscribers) return null;
  const steps: StepTimings = {};
  let last = performance.now();
  return {
    /** Ends the step `name` (the time since the previous step ended, or since the timer started). */
    step(name: string): void {
      const now = performance.now();
      steps[name] = (steps[name] ?? 0) + (now - last);
      last = now;
    },
    publish(): void {
      channel.publish(steps);
    },
  };
}

/** Entry creation's steps (POST /api/entries), published once per created entry (bench/entries.bench.ts). */
export const ENTRY_CREATION_STEPS = diagnosticsChannel.channel('daybook:entries:create');
