import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A long loop of short awaits (PGlite's queries, settled promises, a stream's chunks) can run for seconds without
 * letting timers or sockets in, since promise continuations never leave the microtask queue. `breathe()` in such a
 * loop gives the event loop a turn once `everyMs` have passed since the last one, so other requests wait at most
 * about that long (ADR 054), while a fast loop pays for a turn only every few milliseconds.
 */
export function createBreather(everyMs = 10): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    await nextTurn();
    last = performance.now();
  };
}
