/**
 * User Timing names the analytics page records. The benchmark reads the `analytics` measure: from the first
 * request to the first chart with data painted (fetch, aggregate, render), and the `decrypted` mark, when the
 * words and themes can be counted too.
 */
export const ANALYTICS_MARKS = {
  start: 'analytics:start',
  fetched: 'analytics:fetched',
  decrypted: 'analytics:decrypted',
  aggregated: 'analytics:aggregated',
  ready: 'analytics:ready',
  measure: 'analytics',
} as const;

const canTime = () => typeof performance?.mark === 'function' && typeof performance.measure === 'function';

export function mark(name: string): void {
  if (canTime()) performance.mark(name);
}

/** Marks a step of the measured load only, not later recounts (a period switched, the decrypted text counted). */
export function markBeforeReady(name: string): void {
  if (canTime() && performance.getEntriesByName(ANALYTICS_MARKS.start).length > 0) performance.mark(name);
}

/**
 * Marks the page ready and measures from the start, once per load. `shapes`: how many of the charts' data
 * shapes (bars, lines) were on screen, kept as the measure's detail so the benchmark can check that what it
 * times is a chart with data, not an empty frame.
 */
export function markReady(shapes: number): void {
  if (!canTime() || performance.getEntriesByName(ANALYTICS_MARKS.start).length === 0) return;
  performance.mark(ANALYTICS_MARKS.ready);
  performance.measure(ANALYTICS_MARKS.measure, {
    start: ANALYTICS_MARKS.start,
    end: ANALYTICS_MARKS.ready,
    detail: { shapes },
  });
  performance.clearMarks(ANALYTICS_MARKS.start);
}
