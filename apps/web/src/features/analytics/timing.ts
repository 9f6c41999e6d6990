/**
 * User Timing names the analytics page records. The benchmark reads the `analytics` measure: from the first
 * request to the first chart painted (fetch, decrypt, aggregate, render).
 */
export const ANALYTICS_MARKS = {
  start: 'analytics:start',
  decrypted: 'analytics:decrypted',
  aggregated: 'analytics:aggregated',
  ready: 'analytics:ready',
  measure: 'analytics',
} as const;

const canTime = () => typeof performance?.mark === 'function' && typeof performance.measure === 'function';

export function mark(name: string): void {
  if (canTime()) performance.mark(name);
}

/** Marks the page ready and measures from the start, once per load. */
export function markReady(): void {
  if (!canTime() || performance.getEntriesByName(ANALYTICS_MARKS.start).length === 0) return;
  performance.mark(ANALYTICS_MARKS.ready);
  performance.measure(ANALYTICS_MARKS.measure, ANALYTICS_MARKS.start, ANALYTICS_MARKS.ready);
  performance.clearMarks(ANALYTICS_MARKS.start);
}
