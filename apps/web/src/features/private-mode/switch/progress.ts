/*
 * The run's progress in words (ADR 097): how many of how many, and roughly how long is left, from the pace so far.
 * Pure, so the numbers a person reads are tested without a clock.
 */

/** Below this much work done, the pace says little: no estimate yet. */
const MIN_ELAPSED_MS = 1_000;

/** The time left at the pace so far, or null before there is a pace worth telling. */
export function estimateRemainingMs(elapsedMs: number, done: number, total: number): number | null {
  if (done <= 0 || elapsedMs < MIN_ELAPSED_MS || total <= done) return total <= done && done > 0 ? 0 : null;
  return Math.round((elapsedMs / done) * (total - done));
}

/** "About 3 minutes left", "Less than a minute left", or "Estimating time left…" while there is no pace yet. */
export function describeRemaining(ms: number | null): string {
  if (ms === null) return 'Estimating time left…';
  if (ms < 60_000) return 'Less than a minute left';
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return minutes === 1 ? 'About 1 minute left' : `About ${minutes} minutes left`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'About 1 hour left' : `About ${hours} hours left`;
}

/** "120 of 10,000 entries". */
export const describeCount = (done: number, total: number) =>
  `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'entry' : 'entries'}`;

/** 0 to 100, never NaN; a run with nothing to do is complete. */
export const percentOf = (done: number, total: number) =>
  total <= 0 ? 100 : Math.min(100, (done / total) * 100);

/**
 * What the bar's caption says: "12 of 300 entries" while entries are turned; a later step (media, messages) adds what
 * it is doing now to the run's whole count, "290 of 300, now photos and recordings".
 */
export const describeProgress = ({ done, total, label }: { done: number; total: number; label: string }) =>
  label === 'entries'
    ? describeCount(done, total)
    : `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}, now ${label}`;
